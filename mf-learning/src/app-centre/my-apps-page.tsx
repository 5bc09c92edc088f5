import { useState } from 'react';
import { Button, Label, Menu, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  PagedTable,
  PageHeader,
  PageSection,
  runAction,
  useEnumNames,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteApp, myApp, myApps, myLaunches, putaway, statusColors, type AppDetail, type ManagedAppCard } from './app-centre-api';
import { AppIcon, PortLabels, ServiceState } from './app-parts';
import { AppWizard } from './app-wizard';
import './app-centre.css';

/** Draft, rejected and off-shelf applications may be edited; one under review or on the shelf first has to come off. */
const editable = (app: ManagedAppCard) => app.status === 0 || app.status === 3 || app.status === 4;

function MyAppsTable({ edit, navigate }: { edit: (app: ManagedAppCard) => void; navigate: (url: string) => void }) {
  const list = usePagedList(myApps);
  const shelf = (app: ManagedAppCard, on: boolean) => runAction(() => putaway(app.id, on), { then: () => list.reload() });
  const remove = async (app: ManagedAppCard) => {
    const sure = await dialogs.confirm({
      title: '删除应用',
      content: `确定删除应用「${app.name}」吗？从它部署的实例不受影响。`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteApp(app.id), { then: () => list.reload() });
  };
  return (
    <PagedTable
      list={list}
      className="rc-my-apps"
      columns={['应用', 'GPU', '状态', '部署', '更新时间', '操作']}
      empty="还没有应用，点击「创建应用」发布你的第一个应用"
      row={(app) => (
        <Table.Row key={app.id} data-app={app.id}>
          <Table.Cell>
            <AppIcon name={app.name} size={28} /> <b className="rc-my-app-name">{app.name}</b>
            <div className="rc-muted">{app.summary}</div>
          </Table.Cell>
          <Table.Cell collapsing>{app.gpuModelName ? `${app.gpuModelName} × ${app.gpuCount}` : '未设置'}</Table.Cell>
          <Table.Cell collapsing>
            <Label size="small" color={statusColors[app.status]} className="rc-app-status" content={app.statusName} />
            {app.status === 3 && app.reviewNote ? <div className="rc-app-reason">驳回原因：{app.reviewNote}</div> : null}
          </Table.Cell>
          <Table.Cell collapsing>{app.launchCount}</Table.Cell>
          <Table.Cell collapsing>{formatDateTime(app.updatedAt)}</Table.Cell>
          <Table.Cell collapsing>
            {app.status === 1 ? <Button size="mini" basic content="查看" onClick={() => navigate('/account/appCenter')} /> : null}
            {editable(app) ? <Button size="mini" basic content="编辑" className="rc-app-edit" onClick={() => edit(app)} /> : null}
            {app.status === 0 || app.status === 3 || app.status === 4 ? (
              <Button
                size="mini"
                primary
                content={app.status === 4 ? '上架' : '提交审核'}
                className="rc-app-on"
                onClick={() => void shelf(app, true)}
              />
            ) : null}
            {app.status === 1 ? <Button size="mini" content="下架" className="rc-app-off" onClick={() => void shelf(app, false)} /> : null}
            {app.status === 2 ? <Button size="mini" content="撤回审核" onClick={() => void shelf(app, false)} /> : null}
            <Button size="mini" negative basic content="删除" className="rc-app-delete" onClick={() => void remove(app)} />
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}

function MyLaunchesTable({ navigate }: { navigate: (url: string) => void }) {
  const instanceStatusNames = useEnumNames('OpsInstanceEnum');
  const list = usePagedList(myLaunches);
  return (
    <PagedTable
      list={list}
      className="rc-my-launches"
      columns={['应用', '实例', '状态', '应用状态', '端口', '启动命令', '部署时间']}
      empty="还没有从应用部署的实例，去应用中心看看"
      row={(launch) => (
        <Table.Row key={launch.id} data-instance={launch.instanceId}>
          <Table.Cell collapsing>{launch.appName}</Table.Cell>
          <Table.Cell collapsing>
            <a
              href="/account/instanceManage"
              onClick={(event) => {
                event.preventDefault();
                navigate('/account/instanceManage');
              }}
            >
              {launch.instanceName}
            </a>
            <div className="rc-muted">{launch.sshHost}</div>
          </Table.Cell>
          <Table.Cell collapsing>{instanceStatusNames[launch.instanceStatus] ?? ''}</Table.Cell>
          <Table.Cell className="rc-launch-service">
            <ServiceState service={launch.service} />
          </Table.Cell>
          <Table.Cell>
            <PortLabels ports={launch.ports} />
          </Table.Cell>
          <Table.Cell>{launch.startCommand ? <code className="rc-app-command">{launch.startCommand}</code> : '无'}</Table.Cell>
          <Table.Cell collapsing>{formatDateTime(launch.createdAt)}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}

/** `/account/app`: my applications (create in steps, edit, 上架/下架, delete) and the instances I deployed from applications. */
export function MyAppsPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<'apps' | 'launches'>('apps');
  const [editing, setEditing] = useState<AppDetail | null | 'new'>(null);
  const edit = async (app: ManagedAppCard) => {
    const result = await myApp(app.id);
    if (result.code === 200) setEditing(result.data);
  };
  if (editing !== null)
    return (
      <PageSection className="rc-my-apps-page">
        <PageHeader subject={editing === 'new' ? '创建应用' : `编辑应用「${editing.name}」`} />
        <AppWizard editing={editing === 'new' ? null : editing} done={() => setEditing(null)} />
      </PageSection>
    );
  return (
    <PageSection className="rc-my-apps-page">
      <PageHeader>
        <Button primary icon="plus" content="创建应用" className="rc-app-create" onClick={() => setEditing('new')} />
      </PageHeader>
      <Menu secondary pointing>
        <Menu.Item active={tab === 'apps'} onClick={() => setTab('apps')} content="我的应用" />
        <Menu.Item active={tab === 'launches'} onClick={() => setTab('launches')} content="我部署的应用" className="rc-launches-tab" />
      </Menu>
      {tab === 'apps' ? <MyAppsTable edit={(app) => void edit(app)} navigate={navigate} /> : <MyLaunchesTable navigate={navigate} />}
    </PageSection>
  );
}
