import { useCallback } from 'react';
import { Label, Segment, Table } from 'semantic-ui-react';
import { formatCharge, formatDateTime, ListState, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { InstanceActions } from './instance-actions';
import { listInstanceBills, type Bill } from './instance-api';
import { InstanceSubPage } from './instance-sub-page';
import { statusColors, type InstanceView } from './instance-types';
import { ChangeBillingForm, LiftConfigForm, RenewForm, StorageForm } from './operation-forms';
import { SshAccess } from './ssh-access';

function Refused({ reason }: { reason: string }) {
  return <p className="rc-refused-reason">{reason}</p>;
}

/** `/account/instanceManage/changeConfig?id=`: GPU count on the same node, and the data disk. */
export function ChangeConfigPage(props: ScreenProps) {
  const back = () => props.navigate('/account/instanceManage');
  return (
    <InstanceSubPage {...props}>
      {(instance, reload) => (
        <>
          <Segment>
            <h3>GPU数量</h3>
            {instance.operations.liftConfig.allowed ? (
              <LiftConfigForm instance={instance} close={back} onDone={reload} />
            ) : (
              <Refused reason={instance.operations.liftConfig.reason} />
            )}
          </Segment>
          <Segment>
            <h3>数据盘</h3>
            {instance.operations.storageAdjust.allowed ? (
              <StorageForm instance={instance} close={back} onDone={reload} />
            ) : (
              <Refused reason={instance.operations.storageAdjust.reason} />
            )}
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}

/** `/account/instanceManage/changePayType?id=`: switch billing, or renew a package. */
export function ChangePayTypePage(props: ScreenProps) {
  const back = () => props.navigate('/account/instanceManage');
  return (
    <InstanceSubPage {...props}>
      {(instance, reload) => (
        <>
          <Segment>
            <h3>转换计费</h3>
            {instance.operations.changeBilling.allowed ? (
              <ChangeBillingForm instance={instance} close={back} onDone={reload} />
            ) : (
              <Refused reason={instance.operations.changeBilling.reason} />
            )}
          </Segment>
          <Segment>
            <h3>续费</h3>
            {instance.operations.renew.allowed ? (
              <RenewForm instance={instance} close={back} onDone={reload} />
            ) : (
              <Refused reason={instance.operations.renew.reason} />
            )}
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}

const billKinds: Record<string, string> = { usage: '按量计费', package: '包周期', renew: '续费', disk: '数据盘', refund: '退款' };

function InstanceHistory({ instance }: { instance: InstanceView }) {
  const fetch = useCallback(() => listInstanceBills(instance.id), [instance]);
  return (
    <ListState source={useLoaded(fetch)} isEmpty={(page) => page.list.length === 0} empty="还没有计费记录。">
      {(page) => <BillTable bills={page.list} />}
    </ListState>
  );
}

function BillTable({ bills }: { bills: Bill[] }) {
  return (
    <Table compact>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>时间</Table.HeaderCell>
          <Table.HeaderCell>类型</Table.HeaderCell>
          <Table.HeaderCell>运行时段</Table.HeaderCell>
          <Table.HeaderCell>金额</Table.HeaderCell>
          <Table.HeaderCell>说明</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {bills.map((bill) => (
          <Table.Row key={bill.id}>
            <Table.Cell>{formatDateTime(bill.gmtCreate)}</Table.Cell>
            <Table.Cell>{billKinds[bill.kind] ?? bill.kind}</Table.Cell>
            <Table.Cell>{bill.periodStart ? `${formatDateTime(bill.periodStart)} – ${formatDateTime(bill.periodEnd)}` : '—'}</Table.Cell>
            <Table.Cell>{formatCharge(bill.amount)}</Table.Cell>
            <Table.Cell>{bill.note}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/** `/account/instanceManage/statusChanage?id=`: the state now, what can be done, and the charged running periods. */
export function StatusChangePage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props}>
      {(instance, reload) => (
        <>
          <Segment>
            <Label color={statusColors[instance.status]}>{instance.statusName}</Label>{' '}
            <span className="rc-muted">创建于 {formatDateTime(instance.gmtCreate)}</span>
            {instance.releaseAt ? <p className="rc-release-warning">已关机，将于 {formatDateTime(instance.releaseAt)} 自动释放</p> : null}
            <div style={{ marginTop: 12 }}>
              <InstanceActions instance={instance} onDone={reload} />
            </div>
          </Segment>
          <InstanceHistory instance={instance} />
        </>
      )}
    </InstanceSubPage>
  );
}

/** `/account/instanceManage/addSSH?id=`: the instance's SSH access and how to add a public key. */
export function AddSshPage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props}>
      {(instance) => (
        <>
          <Segment>
            <SshAccess instance={instance} />
          </Segment>
          <Segment>
            <h3>添加 SSH 公钥</h3>
            <p>实例开机后，用上面的指令和密码登录，然后执行：</p>
            <pre className="rc-code-block">{`mkdir -p ~/.ssh && chmod 700 ~/.ssh\necho "<你的公钥内容>" >> ~/.ssh/authorized_keys\nchmod 600 ~/.ssh/authorized_keys`}</pre>
            <p className="rc-muted">公钥保存在系统盘上：重置系统或更换镜像后需重新添加；保存镜像时会一并保存。</p>
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}
