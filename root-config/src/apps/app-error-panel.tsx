import { useEffect } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import { microAppLabels, type MicroAppName } from '../route-table';
import { retryApp } from './app-errors';
import { reloadForFailedChunk } from './chunk-reload';

interface AppErrorPanelProps {
  app: MicroAppName;
  message: string;
  /** A screen's chunk did not arrive: SystemJS keeps the failure, so only a reload fetches it again. */
  chunkFailed?: boolean;
}

/** Shown in a micro-app's own area when it fails; the rest of the portal keeps working. */
export function AppErrorPanel({ app, message, chunkFailed = false }: AppErrorPanelProps) {
  useEffect(() => {
    if (chunkFailed) reloadForFailedChunk();
  }, [chunkFailed]);
  return (
    <div className="rc-app-error" role="alert" data-app={app}>
      <Message icon warning>
        <Icon name="warning sign" />
        <Message.Content>
          <Message.Header>「{microAppLabels[app]}」模块加载失败</Message.Header>
          <p>这一块内容暂时无法显示，页头、菜单和其他页面不受影响。可以重试，或稍后再来。</p>
          <p className="rc-app-error-detail">{message}</p>
          <Button primary size="small" onClick={() => (chunkFailed ? window.location.reload() : retryApp(app))}>
            <Icon name="redo" />
            重试
          </Button>
        </Message.Content>
      </Message>
    </div>
  );
}
