import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { bus } from '../event-bus';
import { $activeDialogId, $dialogBodies, $dialogs, dialogs, type DialogBody, type DialogState } from '../dialogs/dialog-manager';
import { bodyPadding, dialogStyles, maxHeightShare } from './dialog-styles';
import { dispatchOnHost, hostElement, useThemeAttribute } from './host-element';

const dialogEvents = ['dialog:opened', 'dialog:minimized', 'dialog:restored', 'dialog:closed'] as const;

/**
 * Light-DOM holders for the dialogs' content, one per dialog, slotted into the frames: the content
 * belongs to micro-apps and keeps the page's styles, while the frames' styles stay in the shadow root.
 */
function useContentHolders(host: HTMLElement | null, ids: string[]): Map<string, HTMLElement> {
  const holders = useMemo(() => new Map<string, HTMLElement>(), []);
  for (const id of ids) {
    if (holders.has(id)) continue;
    const holder = document.createElement('div');
    holder.slot = `dialog-${id}`;
    holders.set(id, holder);
  }
  useLayoutEffect(() => {
    for (const [id, holder] of holders) {
      if (!ids.includes(id)) {
        holder.remove();
        holders.delete(id);
      } else if (host && holder.parentNode !== host) host.append(holder);
    }
  });
  return holders;
}

/**
 * Whether the content is taller than the frame may be. Only then does the body scroll; otherwise it
 * does not clip, so a dropdown's menu floats over the frame instead of scrolling inside it.
 */
function useOverflowing(frame: HTMLElement | null, content: HTMLElement): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    if (!frame) return;
    const measure = () => {
      const chrome = frame.offsetHeight - (frame.querySelector<HTMLElement>('.body')?.offsetHeight ?? 0);
      setOverflowing(chrome + content.offsetHeight + bodyPadding > window.innerHeight * maxHeightShare);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [frame, content]);
  return overflowing;
}

function DialogFrame({ dialog, body, active, content }: { dialog: DialogState; body: DialogBody; active: boolean; content: HTMLElement }) {
  const [frame, setFrame] = useState<HTMLElement | null>(null);
  const overflowing = useOverflowing(frame, content);
  return (
    <section
      ref={setFrame}
      className={`dialog${active ? ' is-active' : ''}${overflowing ? ' is-overflowing' : ''}`}
      role="dialog"
      aria-label={dialog.title}
      data-dialog-id={dialog.id}
      style={{ zIndex: dialog.zIndex, width: body.width ?? 560 }}
      onMouseDown={() => (active ? undefined : dialogs.restore(dialog.id))}
    >
      <header className="title-bar">
        <h3 className="title">{dialog.title}</h3>
        <button type="button" className="icon-button" title="最小化" aria-label="最小化" onClick={() => dialogs.minimize(dialog.id)}>
          —
        </button>
        <button type="button" className="icon-button" title="关闭" aria-label="关闭" onClick={() => dialogs.close(dialog.id)}>
          ×
        </button>
      </header>
      <div className="body">
        <slot name={`dialog-${dialog.id}`} />
      </div>
      {body.actions?.length ? (
        <footer className="actions">
          {body.actions.map((action) => (
            <button
              key={action.text}
              type="button"
              className={`action${action.danger ? ' danger' : action.primary ? ' primary' : ''}`}
              onClick={action.onClick}
            >
              {action.text}
            </button>
          ))}
        </footer>
      ) : null}
    </section>
  );
}

/** `<rc-dialogs>`: renders the dialog manager's dialogs (mounted once per page). */
export function DialogHost({ container }: { container?: HTMLElement }) {
  const list = useStore($dialogs);
  const bodies = useStore($dialogBodies);
  const activeId = useStore($activeDialogId);
  const [host] = useState(() => hostElement(container));
  const shown = list.filter((dialog) => bodies[dialog.id]);
  const holders = useContentHolders(
    host,
    shown.map((dialog) => dialog.id),
  );
  useThemeAttribute(host);

  useEffect(() => {
    const offs = dialogEvents.map((type) => bus.on(type, (detail) => dispatchOnHost(host, type, detail)));
    return () => offs.forEach((off) => off());
  }, [host]);

  const visible = shown.filter((dialog) => dialog.visible);
  const minimized = shown.filter((dialog) => dialog.isMinimized);
  const backdropZ = visible.length ? Math.max(...visible.map((dialog) => dialog.zIndex)) - 1 : 0;

  return (
    <>
      <style>{dialogStyles}</style>
      {visible.length ? <div className="backdrop" style={{ zIndex: backdropZ }} /> : null}
      {shown.map((dialog) => {
        const body = bodies[dialog.id]!;
        const holder = holders.get(dialog.id)!;
        const close = () => dialogs.close(dialog.id);
        const content = typeof body.content === 'function' ? body.content(close) : body.content;
        return (
          <div key={dialog.id} hidden={!dialog.visible}>
            <DialogFrame dialog={dialog} body={body} active={dialog.id === activeId} content={holder} />
            {createPortal(content, holder)}
          </div>
        );
      })}
      {minimized.length ? (
        <nav className="tray" aria-label="已最小化的对话框">
          {minimized.map((dialog) => (
            <button key={dialog.id} type="button" className="tray-item" onClick={() => dialogs.restore(dialog.id)}>
              {dialog.title}
            </button>
          ))}
        </nav>
      ) : null}
    </>
  );
}
