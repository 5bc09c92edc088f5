import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Icon } from 'semantic-ui-react';
import type { Terminal } from '@xterm/xterm';
import { $theme, type ScreenProps, type Theme } from '@rc/shared-utility';
import '@xterm/xterm/css/xterm.css';
import { InstanceSubPage } from './instance-sub-page';
import { terminalSocketUrl, terminalTicket } from './terminal-api';
import { terminalFont, terminalThemes } from './terminal-themes';
import type { InstanceView } from './instance-types';

type Link = { phase: 'connecting' } | { phase: 'open' } | { phase: 'closed'; reason: string };

/**
 * Opens xterm.js (loaded only now) in `element`, fitted to it, and connects it to the instance's login shell
 * with a one-time ticket; answers how to let go of both.
 */
async function openTerminal(
  element: HTMLElement,
  o: { id: number; theme: Theme; report: (link: Link) => void; current: MutableRefObject<Terminal | null> },
): Promise<() => void> {
  const [{ Terminal }, { FitAddon }] = await Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit')]);
  const terminal = new Terminal({ fontFamily: terminalFont, fontSize: 14, cursorBlink: true, theme: terminalThemes[o.theme] });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  terminal.open(element);
  fit.fit();
  o.current.current = terminal;
  const observer = new ResizeObserver(() => fit.fit());
  observer.observe(element);
  let socket: WebSocket | null = null;
  const release = () => {
    observer.disconnect();
    socket?.close();
    terminal.dispose();
    if (o.current.current === terminal) o.current.current = null;
  };

  const ticket = await terminalTicket(o.id);
  if (ticket.code !== 200) {
    o.report({ phase: 'closed', reason: ticket.msg });
    return release;
  }
  const open = new WebSocket(terminalSocketUrl(ticket.data.ticket, { cols: terminal.cols, rows: terminal.rows }));
  socket = open;
  open.binaryType = 'arraybuffer';
  let closedReason: string | null = null;
  const send = (data: Uint8Array<ArrayBuffer> | string) => {
    if (open.readyState === WebSocket.OPEN) open.send(data);
  };
  open.onopen = () => {
    o.report({ phase: 'open' });
    terminal.focus();
  };
  open.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data === 'string') closedReason = (JSON.parse(event.data) as { reason?: string }).reason ?? null;
    else terminal.write(new Uint8Array(event.data));
  };
  open.onclose = (event) => o.report({ phase: 'closed', reason: closedReason ?? (event.reason || '连接已断开') });
  const encoder = new TextEncoder();
  terminal.onData((data) => send(encoder.encode(data)));
  terminal.onBinary((data) => send(Uint8Array.from(data, (char) => char.charCodeAt(0))));
  terminal.onResize(({ cols, rows }) => send(JSON.stringify({ type: 'resize', cols, rows })));
  return release;
}

const linkText = (link: Link) => (link.phase === 'connecting' ? '连接中…' : link.phase === 'open' ? '已连接' : `已断开：${link.reason}`);

function WebTerminal({ instance }: { instance: InstanceView }) {
  const host = useRef<HTMLDivElement>(null);
  const current = useRef<Terminal | null>(null);
  const theme = useStore($theme);
  const [link, setLink] = useState<Link>({ phase: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let release = () => {};
    setLink({ phase: 'connecting' });
    const report = (next: Link) => {
      if (live) setLink(next);
    };
    void openTerminal(host.current!, { id: instance.id, theme: $theme.get(), report, current }).then(
      (opened) => {
        if (live) release = opened;
        else opened();
      },
      () => report({ phase: 'closed', reason: '终端加载失败，请重新连接' }),
    );
    return () => {
      live = false;
      release();
    };
  }, [instance.id, attempt]);

  useEffect(() => {
    if (current.current) current.current.options.theme = terminalThemes[theme];
  }, [theme]);

  return (
    <div className="rc-terminal">
      <div className="rc-terminal-bar">
        <span className={`rc-terminal-status rc-terminal-${link.phase}`} data-phase={link.phase}>
          <Icon name="circle" size="tiny" />
          {linkText(link)}
        </span>
        <Button
          size="mini"
          basic
          disabled={link.phase === 'connecting'}
          onClick={() => setAttempt(attempt + 1)}
          className="rc-terminal-reconnect"
        >
          <Icon name="redo" />
          重新连接
        </Button>
      </div>
      <div className="rc-terminal-screen" ref={host} />
    </div>
  );
}

/** `/account/instanceManage/terminal?id=`: the running instance's shell in the browser (xterm.js over a WebSocket). */
export function TerminalPage(props: ScreenProps) {
  return <InstanceSubPage {...props}>{(instance) => <WebTerminal instance={instance} />}</InstanceSubPage>;
}
