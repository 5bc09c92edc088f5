import { useEffect, useState } from 'react';
import { Label, Segment, Table } from 'semantic-ui-react';
import { api, formatMoney, formatDateTime, type ScreenProps } from '@rc/shared-utility';
import { InstanceActions } from './instance-actions';
import { InstanceSubPage } from './instance-sub-page';
import type { Page } from '../paging/use-paged-list';
import { formatCharge, statusColors, type InstanceView } from './instance-types';
import { ChangeBillingForm, LiftConfigForm, RenewForm, StorageForm } from './operation-forms';
import { SshAccess } from './ssh-access';

function Refused({ reason }: { reason: string }) {
  return <p className="rc-refused-reason">{reason}</p>;
}

/** `/account/instanceManage/changeConfig?id=`: GPU count on the same node, and the data disk. */
export function ChangeConfigPage(props: ScreenProps) {
  const back = () => props.navigate('/account/instanceManage');
  return (
    <InstanceSubPage {...props} title="变更配置" purpose="升降GPU数量（同一主机）与扩容数据盘，需在关机状态下操作。">
      {(instance, reload) => (
        <>
          <Segment>
            <h3>GPU数量</h3>
            {instance.operations.liftConfig.allowed ? <LiftConfigForm instance={instance} close={back} onDone={reload} /> : <Refused reason={instance.operations.liftConfig.reason} />}
          </Segment>
          <Segment>
            <h3>数据盘</h3>
            {instance.operations.storageAdjust.allowed ? <StorageForm instance={instance} close={back} onDone={reload} /> : <Refused reason={instance.operations.storageAdjust.reason} />}
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
    <InstanceSubPage {...props} title="变更计费方式" purpose="在按量计费与包日、包周、包月之间切换，或为包周期续费。">
      {(instance, reload) => (
        <>
          <Segment>
            <h3>转换计费</h3>
            {instance.operations.changeBilling.allowed ? <ChangeBillingForm instance={instance} close={back} onDone={reload} /> : <Refused reason={instance.operations.changeBilling.reason} />}
          </Segment>
          <Segment>
            <h3>续费</h3>
            {instance.operations.renew.allowed ? <RenewForm instance={instance} close={back} onDone={reload} /> : <Refused reason={instance.operations.renew.reason} />}
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}

interface Bill {
  id: number;
  kind: string;
  amount: number;
  seconds: number;
  periodStart: string | null;
  periodEnd: string | null;
  note: string;
  gmtCreate: string;
}

const billKinds: Record<string, string> = { usage: '按量计费', package: '包周期', renew: '续费', disk: '数据盘', refund: '退款' };

function InstanceHistory({ instance }: { instance: InstanceView }) {
  const [bills, setBills] = useState<Bill[]>([]);
  useEffect(() => {
    void api.post<Page<Bill>>('/user/auth/order/bill/list', { instanceId: instance.id, pageSize: 50 }).then((result) => result.code === 200 && setBills(result.data.list));
  }, [instance]);
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
            <Table.Cell>{formatCharge(bill.amount, formatMoney)}</Table.Cell>
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
    <InstanceSubPage {...props} title="实例状态变更" purpose="当前状态、可执行的操作，以及每段运行时间的计费记录。">
      {(instance, reload) => (
        <>
          <Segment>
            <Label color={statusColors[instance.status]}>{instance.statusName}</Label> <span className="rc-muted">创建于 {formatDateTime(instance.gmtCreate)}</span>
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
    <InstanceSubPage {...props} title="SSH 登录" purpose="使用 root 与密码登录，或把你的公钥加入实例后免密登录。">
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
