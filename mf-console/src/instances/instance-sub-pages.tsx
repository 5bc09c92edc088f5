import { useCallback, useEffect } from 'react';
import { Label, Message, Segment, Table } from 'semantic-ui-react';
import { formatCharge, formatDateTime, PagedTable, RouteLink, usePagedList, type Paging, type ScreenProps } from '@rc/shared-utility';
import { InstanceActions } from './instance-actions';
import { listInstanceRecords, type InstanceRecord } from './instance-api';
import { InstanceSubPage } from './instance-sub-page';
import { statusColors } from './instance-types';
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

function period(record: InstanceRecord) {
  return record.periodStart ? `${formatDateTime(record.periodStart)} – ${formatDateTime(record.periodEnd)}` : '';
}

/** The bill line (账单明细) the record was opened from: `?bill=`. */
const queryBill = () => Number(new URLSearchParams(window.location.search).get('bill')) || undefined;

/** Brings the bill line's row into view once it is shown. */
function FocusedRow() {
  useEffect(() => document.querySelector('.rc-record-focus')?.scrollIntoView({ block: 'center' }), []);
  return null;
}

/**
 * Every state change (who or what caused it) and the charges and refunds between them, newest first; opened from a bill
 * line, from that line's time back, the line marked: the changes just below it are why it was charged.
 */
function InstanceRecords({ instanceId, bill, navigate }: { instanceId: number; bill: number | undefined } & Pick<ScreenProps, 'navigate'>) {
  const fetchPage = useCallback((paging: Paging) => listInstanceRecords(instanceId, paging, bill), [instanceId, bill]);
  const list = usePagedList(fetchPage);
  const focused = (record: InstanceRecord) => bill !== undefined && record.type === 'charge' && record.id === bill;
  return (
    <>
      {bill !== undefined ? (
        <Message info className="rc-record-from-bill">
          账单明细中的这笔扣费已标出，下面是它及其之前的状态记录：扣费之前的状态变化就是扣费的原因。{' '}
          <RouteLink to={`/account/instanceManage/statusChanage?id=${instanceId}`} navigate={navigate}>
            查看全部记录
          </RouteLink>
        </Message>
      ) : null}
      <PagedTable
        list={list}
        className="rc-instance-records"
        columns={['时间', '记录', '操作方', '状态', '金额', '说明']}
        empty="还没有记录。"
        row={(record) => (
          <Table.Row
            key={`${record.type}-${record.id}`}
            data-type={record.type}
            active={focused(record)}
            className={[record.type === 'charge' ? 'rc-muted' : '', focused(record) ? 'rc-record-focus' : ''].join(' ').trim() || undefined}
          >
            <Table.Cell>{formatDateTime(record.gmtCreate)}</Table.Cell>
            <Table.Cell className="rc-record-name">
              {record.name}
              {focused(record) ? <FocusedRow /> : null}
            </Table.Cell>
            <Table.Cell>{record.actor}</Table.Cell>
            <Table.Cell>{record.statusName}</Table.Cell>
            <Table.Cell className="rc-record-amount">{record.type === 'charge' ? formatCharge(record.amount) : ''}</Table.Cell>
            <Table.Cell>{[record.note, period(record)].filter(Boolean).join(' · ')}</Table.Cell>
          </Table.Row>
        )}
      />
    </>
  );
}

/**
 * `/account/instanceManage/statusChanage?id=`: the state now, what can be done, and the 状态记录 with its charges; a
 * bill line links here with `&bill=`, and a released instance's record is still shown.
 */
export function StatusChangePage(props: ScreenProps) {
  const bill = queryBill();
  return (
    <InstanceSubPage
      {...props}
      gone={(id) => (
        <Segment>
          <InstanceRecords instanceId={id} bill={bill} navigate={props.navigate} />
        </Segment>
      )}
    >
      {(instance, reload) => (
        <>
          <Segment>
            <Label color={statusColors[instance.status]}>{instance.statusName}</Label>{' '}
            <span className="rc-muted">创建于 {formatDateTime(instance.gmtCreate)}</span>
            {instance.releaseAt ? <p className="rc-release-warning">已关机，将于 {formatDateTime(instance.releaseAt)} 自动释放</p> : null}
            <div style={{ marginTop: 12 }}>
              <InstanceActions instance={instance} onDone={reload} navigate={props.navigate} />
            </div>
          </Segment>
          <InstanceRecords instanceId={instance.id} bill={bill} navigate={props.navigate} />
        </>
      )}
    </InstanceSubPage>
  );
}

/** `/account/instanceManage/addSSH?id=`: the two ways into the instance: its password, or a key saved at /account/ssh. */
export function AddSshPage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props}>
      {(instance) => (
        <>
          <Segment>
            <h3>方式一：密码登录</h3>
            <p>实例开机后，在终端执行下面的指令，按提示输入密码：</p>
            <SshAccess instance={instance} />
          </Segment>
          <Segment className="rc-key-login">
            <h3>方式二：公钥免密登录</h3>
            <p>
              在{' '}
              <RouteLink to="/account/ssh" navigate={props.navigate}>
                SSH 登录 → 我的公钥
              </RouteLink>{' '}
              保存你电脑上的公钥（<code>~/.ssh/id_ed25519.pub</code>，没有时用 <code>ssh-keygen -t ed25519</code> 生成），
              然后用实例ID登录：
            </p>
            <pre className="rc-code-block">{instance.ssh.keyCommand}</pre>
            <p className="rc-muted">
              保存的公钥对你的所有实例有效，重置系统或更换镜像后无需重新添加。只有一个运行中的实例时，也可以直接用{' '}
              <code>{instance.ssh.command}</code> 加密钥登录。
            </p>
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}
