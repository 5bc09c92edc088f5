import { useEffect, useState } from 'react';
import { Button, Message } from 'semantic-ui-react';
import type { AppDetail, AppTemplateView } from '@rc/api-contract/application/app';
import { appToLaunch } from './rent-api';

export interface AppLaunch {
  app: AppDetail | null;
  template: AppTemplateView | null;
  clear: () => void;
}

/** The application of `?appId=` (部署 in the application centre): its template fills the rent form. */
export function useAppLaunch(): AppLaunch {
  const [app, setApp] = useState<AppDetail | null>(null);
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('appId'));
    if (!id) return;
    void appToLaunch(id).then((result) => {
      if (result.code === 200 && result.data.template) setApp(result.data);
    });
  }, []);
  return { app, template: app?.template ?? null, clear: () => setApp(null) };
}

/** The application being deployed, and why the chosen machine is not its template. */
export function AppTemplateChoice({ launch, mismatch }: { launch: AppLaunch; mismatch: string }) {
  const { app, template } = launch;
  if (!app || !template) return null;
  return (
    <>
      <Message color="teal" className="rc-app-launch">
        部署应用「<b className="rc-app-launch-name">{app.name}</b>」· {template.gpuModelName} × {template.gpuCount} · 镜像{' '}
        {template.imageName}
        {template.ports.length ? ` · 端口 ${template.ports.map((port) => `${port.name} ${port.port}`).join('、')}` : ''}
        <div className="rc-muted">配置由应用模板决定；实例创建后，可在「我的应用 › 我部署的应用」查看端口与启动命令。</div>
        <Button basic size="mini" type="button" onClick={launch.clear}>
          改为自定义配置
        </Button>
      </Message>
      {mismatch ? <Message warning className="rc-app-mismatch" content={mismatch} /> : null}
    </>
  );
}
