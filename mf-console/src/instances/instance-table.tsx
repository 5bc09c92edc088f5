import { Label, Table } from 'semantic-ui-react';
import { formatDateTime, formatYuan } from '@rc/shared-utility';
import { DiskUsage } from './disk-usage';
import { InstanceActions } from './instance-actions';
import { AppService } from './app-service';
import { InstanceMounts } from './instance-mounts';
import { statusColors, type InstanceView } from './instance-types';
import { SshAccess } from './ssh-access';
import { WebPortsMenu } from './web-ports-menu';

function BillingCell({ instance }: { instance: InstanceView }) {
  if (instance.billingType !== 1) {
    return (
      <>
        <div>{instance.billingName}</div>
        <small className="rc-muted">到期 {formatDateTime(instance.packageExpiresAt)}</small>
        <ScheduledStop instance={instance} />
      </>
    );
  }
  return (
    <>
      <div>按量计费</div>
      <small className="rc-muted">
        {instance.status === 2 || instance.status === 1
          ? `${formatYuan(Math.round(instance.dayRate / 24))}/小时`
          : `${formatYuan(instance.hourPrice)}/小时（开机后）`}
      </small>
      {instance.releaseAt ? <div className="rc-release-warning">{formatDateTime(instance.releaseAt)} 自动释放</div> : null}
      <ScheduledStop instance={instance} />
    </>
  );
}

/** How long the state change should still take, as the driver expects it. */
function TransitionEta({ instance }: { instance: InstanceView }) {
  if (instance.nextStatus === null || !instance.transitionAt) return null;
  const seconds = Math.ceil((new Date(instance.transitionAt).getTime() - Date.now()) / 1000);
  return <div className="rc-muted rc-transition-eta">{seconds > 0 ? `预计 ${seconds} 秒` : '即将完成'}</div>;
}

/** Started without a GPU and not yet stopped: the GPU it was rented with is not held. */
const inNoGpuMode = (instance: InstanceView) => instance.noGpu && [1, 2, 3].includes(instance.status);

function ScheduledStop({ instance }: { instance: InstanceView }) {
  return instance.stopAt ? <div className="rc-scheduled-stop">{formatDateTime(instance.stopAt)} 定时关机</div> : null;
}

export function InstanceTable({
  instances,
  onChanged,
  navigate,
}: {
  instances: InstanceView[];
  onChanged: () => void;
  navigate: (url: string) => void;
}) {
  return (
    <Table className="rc-instance-table" compact>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>实例与状态</Table.HeaderCell>
          <Table.HeaderCell>配置</Table.HeaderCell>
          <Table.HeaderCell>计费</Table.HeaderCell>
          <Table.HeaderCell>登录</Table.HeaderCell>
          <Table.HeaderCell className="rc-actions-column">操作</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {instances.map((instance) => (
          <Table.Row key={instance.id} data-instance-id={instance.id} data-status={instance.status}>
            <Table.Cell>
              <div className="rc-instance-title">
                <span className="rc-instance-name">{instance.name}</span>
                <Label size="mini" color={statusColors[instance.status]} className="rc-instance-status">
                  {instance.statusName}
                </Label>
              </div>
              <TransitionEta instance={instance} />
              {instance.gpuWait ? (
                <div className="rc-gpu-wait" title="有空闲GPU时按排队顺序自动开机">
                  排队中（第 {instance.gpuWait.position} 位）
                </div>
              ) : null}
              <small className="rc-muted">
                {instance.regionName} · {instance.nodeName}
              </small>
              <AppService instance={instance} />
              <div className="rc-instance-links">
                <a
                  href={`/account/instanceManage/statusChanage?id=${instance.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/account/instanceManage/statusChanage?id=${instance.id}`);
                  }}
                >
                  状态记录
                </a>
                <a
                  href={`/account/instanceManage/monitor?id=${instance.id}`}
                  data-link="monitor"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/account/instanceManage/monitor?id=${instance.id}`);
                  }}
                >
                  监控
                </a>
                <a
                  href={`/account/instanceManage/webPorts?id=${instance.id}`}
                  data-link="web-ports"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/account/instanceManage/webPorts?id=${instance.id}`);
                  }}
                >
                  自定义服务
                </a>
                <a
                  href={`/account/instanceManage/changeConfig?id=${instance.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/account/instanceManage/changeConfig?id=${instance.id}`);
                  }}
                >
                  变更配置
                </a>
                <a
                  href={`/account/instanceManage/changePayType?id=${instance.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(`/account/instanceManage/changePayType?id=${instance.id}`);
                  }}
                >
                  计费方式
                </a>
              </div>
            </Table.Cell>
            <Table.Cell>
              <div className="rc-instance-gpu">{inNoGpuMode(instance) ? '无卡模式' : `${instance.deviceName} × ${instance.gpuCount}`}</div>
              <small className="rc-muted">
                {instance.cpu}核 · {instance.memoryGb}GB
              </small>
              <DiskUsage instance={instance} />
              <small className="rc-muted rc-instance-image">{instance.imageName}</small>
              <InstanceMounts instanceId={instance.id} />
            </Table.Cell>
            <Table.Cell>
              <BillingCell instance={instance} />
            </Table.Cell>
            <Table.Cell>
              <SshAccess instance={instance} />
              <WebPortsMenu instance={instance} navigate={navigate} />
            </Table.Cell>
            <Table.Cell>
              <InstanceActions instance={instance} onDone={onChanged} navigate={navigate} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}
