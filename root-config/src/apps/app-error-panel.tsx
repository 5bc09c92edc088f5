import { Button, Icon, Message } from 'semantic-ui-react';
import { microAppLabels, type MicroAppName } from '../route-table';
import { retryApp } from './app-errors';

interface AppErrorPanelProps {
  app: MicroAppName;
  message: string;
}

/** Shown in a micro-app's own area when it fails; the rest of the portal keeps working. */
export function AppErrorPanel({ app, message }: AppErrorPanelProps) {
  return (
    <div className="rc-app-error" role="alert" data-app={app}>
      <Message icon warning>
        <Icon name="warning sign" />
        <Message.Content>
          <Message.Header>「{microAppLabels[app]}」模块加载失败</Message.Header>
          <p>这一块内容暂时无法显示，页头、菜单和其他页面不受影响。可以重试，或稍后再来。</p>
          <p className="rc-app-error-detail">{message}</p>
          <Button primary size="small" onClick={() => retryApp(app)}>
            <Icon name="redo" />
            重试
          </Button>
        </Message.Content>
      </Message>
    </div>
  );
}
