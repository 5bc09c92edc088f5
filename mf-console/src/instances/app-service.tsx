import { Button, Icon, Label, Popup } from 'semantic-ui-react';
import { dialogs } from '@rc/shared-utility';
import type { InstanceAppView } from '@rc/api-contract/user/instance-app';
import type { InstanceView } from './instance-types';
import { appServiceLog, downloadAppServiceLog, type AppLogView } from './app-service-api';
import { openInstancePage } from './instance-page-api';

const stateColors: Record<InstanceAppView['state'], 'blue' | 'green' | 'red' | 'grey'> = {
  starting: 'blue',
  running: 'green',
  failed: 'red',
  idle: 'grey',
};

function LogLines({ log }: { log: AppLogView }) {
  return (
    <>
      {log.truncated ? <p className="rc-muted">只显示最后 {log.lines.length} 行，下载可查看完整日志。</p> : null}
      <pre className="rc-app-log">{log.lines.length ? log.lines.join('\n') : '（日志为空）'}</pre>
    </>
  );
}

/** The service log's last lines in a dialog, with its download. */
async function showLog(instance: InstanceView) {
  const answer = await appServiceLog(instance.id);
  if (answer.code !== 200) return;
  dialogs.open({
    title:
      instance.name === instance.app!.appName ? `应用日志：${instance.name}` : `应用日志：${instance.app!.appName}（${instance.name}）`,
    width: 860,
    content: <LogLines log={answer.data} />,
    actions: [{ text: '下载日志', primary: true, onClick: () => downloadAppServiceLog(instance.id) }],
  });
}

/** The application the instance was deployed from: its service's state (with why it failed), its page and its log. */
export function AppService({ instance }: { instance: InstanceView }) {
  const app = instance.app;
  if (!app) return null;
  return (
    <div className="rc-app-service" data-state={app.state}>
      <div className="rc-app-service-line">
        <span className="rc-muted">应用</span>
        <span className="rc-app-service-name">{app.appName}</span>
        <Label size="mini" color={stateColors[app.state]} className="rc-app-service-state">
          {app.stateName}
        </Label>
        {app.restarts > 0 ? <small className="rc-muted rc-app-restarts">已重启 {app.restarts} 次</small> : null}
        {app.state === 'idle' && app.reason ? (
          <Popup content={app.reason} trigger={<Icon name="info circle" className="rc-muted" data-reason={app.reason} />} />
        ) : null}
      </div>
      {app.state === 'failed' ? (
        <div className="rc-app-service-failure">
          <div className="rc-app-service-reason">{app.reason}</div>
          {app.logTail.length ? <pre className="rc-app-log rc-app-log-tail">{app.logTail.join('\n')}</pre> : null}
        </div>
      ) : null}
      <div className="rc-app-service-line">
        {app.openPort ? (
          <Button size="mini" basic className="rc-open-app" onClick={() => void openInstancePage(instance.id, app.openPort!)}>
            <Icon name="external" />
            打开应用
          </Button>
        ) : null}
        {instance.status === 2 && app.state !== 'idle' ? (
          <Button size="mini" basic className="rc-app-log-button" onClick={() => void showLog(instance)}>
            <Icon name="file alternate outline" />
            日志
          </Button>
        ) : null}
      </div>
    </div>
  );
}
