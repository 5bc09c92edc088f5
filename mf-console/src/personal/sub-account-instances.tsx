import { useCallback } from 'react';
import { Button, Icon, Label, Message, Table } from 'semantic-ui-react';
import { ListState, useLoaded } from '@rc/shared-utility';
import { openInstancePage, subAccountInstances, type SubAccountInstance, type SubUser } from './personal-api';

/** Goes to a page of the portal, closing the dialog. */
type Go = (url: string) => void;

const running = 2;
/** Creating, running or starting: an instance started without a GPU holds none meanwhile. */
const noGpuShown = (instance: SubAccountInstance) => instance.noGpu && [1, 2, 3].includes(instance.status);

function PageButtons({ instance, go }: { instance: SubAccountInstance; go: Go }) {
  const openable = instance.pagesReason === '';
  const title = (what: string) => (openable ? `在新标签页打开${what}` : instance.pagesReason);
  return (
    <div className="rc-sub-instance-pages">
      {instance.webPorts.map((entry) => (
        <Button
          key={entry.port}
          size="mini"
          basic
          className="rc-open-sub-page"
          data-port={entry.port}
          disabled={!openable}
          title={title(`端口 ${entry.port}`)}
          onClick={() => void openInstancePage(instance.id, entry.port)}
        >
          <Icon name="external" />
          {entry.source === 'jupyter' ? entry.name : `${entry.name}（${entry.port}）`}
        </Button>
      ))}
      <Button
        size="mini"
        basic
        className="rc-sub-web-ports"
        title="网页端口与分享链接"
        onClick={() => go(`/account/instanceManage/webPorts?id=${instance.id}`)}
      >
        <Icon name="share alternate" />
        分享
      </Button>
      {instance.desktop ? (
        <Button size="mini" basic className="rc-open-sub-desktop" title={title('远程桌面')} onClick={() => go(`/vnc?id=${instance.id}`)}>
          <Icon name="desktop" />
          远程桌面
        </Button>
      ) : null}
      {openable ? null : <span className="rc-sub-instance-reason">{instance.pagesReason}</span>}
    </div>
  );
}

function InstanceRows({ list, go }: { list: SubAccountInstance[]; go: Go }) {
  return (
    <Table compact className="rc-sub-instances">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>实例名称</Table.HeaderCell>
          <Table.HeaderCell>状态</Table.HeaderCell>
          <Table.HeaderCell>GPU</Table.HeaderCell>
          <Table.HeaderCell>地区</Table.HeaderCell>
          <Table.HeaderCell>网页</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.map((instance) => (
          <Table.Row key={instance.id} className="rc-sub-instance" data-instance-id={instance.id}>
            <Table.Cell>{instance.name}</Table.Cell>
            <Table.Cell>
              <Label size="small" color={instance.status === running ? 'green' : 'grey'}>
                {instance.statusName}
              </Label>
            </Table.Cell>
            <Table.Cell>{noGpuShown(instance) ? '无卡模式' : `${instance.deviceName} × ${instance.gpuCount}`}</Table.Cell>
            <Table.Cell>{instance.regionName}</Table.Cell>
            <Table.Cell>
              <PageButtons instance={instance} go={go} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/**
 * The instances of a sub-account whose JupyterLab, web ports (自定义服务), share links and remote desktop (`/vnc`) the
 * main account opens: only while the sub-account shares the main account's balance.
 */
export function SubAccountInstances({ sub, go }: { sub: SubUser; go: Go }) {
  const loaded = useLoaded(useCallback(() => subAccountInstances(sub.id), [sub.id]));
  if (loaded.data && !loaded.data.shareBalance)
    return (
      <Message info className="rc-sub-instances-unshared">
        该子账号未共享主账号余额，其实例由子账号自己管理，主账号不能查看或打开；开启余额共享后可在此打开。
      </Message>
    );
  return (
    <ListState source={loaded} isEmpty={(data) => data.list.length === 0} empty="该子账号还没有实例。">
      {(data) => <InstanceRows list={data.list} go={go} />}
    </ListState>
  );
}
