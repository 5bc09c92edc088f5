import { useEffect, useState } from 'react';
import { Button, Icon, Loader, Message } from 'semantic-ui-react';
import { LoadingState, RouteLink, type ScreenProps } from '@rc/shared-utility';
import { InstanceSubPage } from '../instances/instance-sub-page';
import type { ImageView } from '../instances/instance-types';
import { pageInstance, type PageInstance } from '../instances/instance-page-api';
import { desktopImage, desktopTicket, startInstance } from './desktop-api';
import { framesOnSameSite } from './frame-policy';
import './desktop.css';

const running = 2;
const stopped = 4;

/** Where an instance without a desktop gets one: a new instance of the desktop image, or that image for this one. */
function NoDesktop({ navigate }: { navigate: (url: string) => void }) {
  const [image, setImage] = useState<ImageView | null | undefined>(undefined);
  useEffect(() => void desktopImage().then((found) => setImage(found ?? null)), []);
  return (
    <Message info className="rc-desktop-none">
      <Message.Header>该实例的镜像没有远程桌面</Message.Header>
      <p>远程桌面需要带桌面的镜像{image ? `「${image.name}」` : ''}：用它租用新实例，或在实例列表「更多 → 更换镜像」换成它（需关机）。</p>
      {image ? (
        <RouteLink to={`/account/suanli/create?imageId=${image.id}`} navigate={navigate} className="ui primary button rc-desktop-rent">
          用桌面镜像租用实例
        </RouteLink>
      ) : null}
      <RouteLink to="/account/mirrorImage" navigate={navigate} className="ui basic button">
        查看镜像
      </RouteLink>
    </Message>
  );
}

/** A desktop instance that is not running: 开机 where it is off, else it waits for the transition to end. */
function NotRunning({ instance, reload }: { instance: PageInstance; reload: () => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const off = instance.status === stopped;
  useEffect(() => {
    if (off) return;
    const timer = window.setInterval(reload, 2000);
    return () => window.clearInterval(timer);
  }, [off, reload]);
  const start = async () => {
    setBusy(true);
    const answer = await startInstance(instance.id);
    setBusy(false);
    if (answer.code === 200) reload();
    else setRefusal(answer.msg);
  };
  return (
    <Message warning className="rc-desktop-off" data-status={instance.status}>
      <Message.Header>开机后可用</Message.Header>
      <p>
        {off
          ? `实例已关机，${instance.owned ? '' : '请子账号'}开机后即可打开远程桌面。`
          : `实例${instance.statusName}，稍候即可打开远程桌面。`}
      </p>
      {refusal ? <p className="rc-desktop-refusal">{refusal}</p> : null}
      {off && instance.owned ? (
        <Button primary loading={busy} disabled={busy} className="rc-desktop-start" onClick={() => void start()}>
          开机
        </Button>
      ) : null}
    </Message>
  );
}

/** How often the page asks again while the desktop starts (code 503). */
const startingRetryMs = 2000;

type Opened =
  { phase: 'opening' } | { phase: 'starting' } | { phase: 'open'; url: string; framed: boolean } | { phase: 'refused'; reason: string };

/** noVNC from the instance's own origin: framed where the browser lets its pass in, else in a tab of its own. */
function Desktop({ instance }: { instance: PageInstance }) {
  const [opened, setOpened] = useState<Opened>({ phase: 'opening' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let retry = 0;
    setOpened({ phase: 'opening' });
    const ask = () =>
      void desktopTicket(instance.id).then((answer) => {
        if (!live) return;
        if (answer.code === 503) {
          setOpened({ phase: 'starting' });
          retry = window.setTimeout(ask, startingRetryMs);
          return;
        }
        if (answer.code !== 200) return setOpened({ phase: 'refused', reason: answer.msg });
        const framed = framesOnSameSite(window.location.hostname, new URL(answer.data.url).hostname);
        setOpened({ phase: 'open', url: answer.data.url, framed });
      });
    ask();
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
  }, [instance.id, attempt]);

  const again = (
    <Button size="mini" basic className="rc-desktop-reopen" onClick={() => setAttempt(attempt + 1)}>
      <Icon name="redo" />
      重新连接
    </Button>
  );
  if (opened.phase === 'opening') return <LoadingState />;
  if (opened.phase === 'starting')
    return (
      <div className="rc-desktop-starting" role="status">
        <Loader active inline="centered" size="small" content="远程桌面正在启动…" />
      </div>
    );
  if (opened.phase === 'refused') return <Message warning className="rc-desktop-refused" content={opened.reason} />;
  if (!opened.framed)
    return (
      <Message info className="rc-desktop-tab">
        <Message.Header>在新标签页中打开远程桌面</Message.Header>
        <p>
          本站的实例页面域名与门户不属于同一站点，浏览器不允许把远程桌面嵌入本页，请在新标签页中打开（凭证 60 秒内有效，过期请重新连接）。
        </p>
        <Button as="a" primary href={opened.url} target="_blank" rel="noopener noreferrer" className="rc-desktop-open-tab">
          打开远程桌面
        </Button>
        {again}
      </Message>
    );
  return (
    <div className="rc-desktop">
      <div className="rc-desktop-bar">
        <span className="rc-muted">远程桌面运行在实例的独立域名上，与门户的登录信息相互隔离。</span>
        {again}
      </div>
      <iframe
        key={opened.url}
        className="rc-desktop-frame"
        title={`实例「${instance.name}」的远程桌面`}
        src={opened.url}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-pointer-lock allow-downloads"
        allow="fullscreen; clipboard-read; clipboard-write"
      />
    </div>
  );
}

function RemoteDesktop({ instance, reload, navigate }: { instance: PageInstance; reload: () => void; navigate: (url: string) => void }) {
  if (!instance.desktop) return <NoDesktop navigate={navigate} />;
  if (instance.status !== running) return <NotRunning instance={instance} reload={reload} />;
  if (instance.desktopReason) return <Message info className="rc-desktop-unavailable" content={instance.desktopReason} />;
  return <Desktop instance={instance} />;
}

/**
 * `/vnc?id=`: the graphical desktop of a running desktop instance (noVNC on the instance-pages origin): the user's own,
 * or a balance-sharing sub-account's for its main account.
 */
export function VncPage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props} load={pageInstance}>
      {(instance, reload) => <RemoteDesktop instance={instance} reload={reload} navigate={props.navigate} />}
    </InstanceSubPage>
  );
}
