import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { $dialogs, dialogs } from '../dialogs/dialog-manager';
import { setTheme } from '../theme';
import { defineWebComponents } from './define-elements';

/** React renders the element's shadow root on its own schedule: wait for what the test expects, not for a fixed time. */
const rendered = <T extends HTMLElement = HTMLElement>(selector: string) =>
  vi.waitFor(() => {
    const found = element().shadowRoot?.querySelector<T>(selector);
    if (!found) throw new Error(`${selector} is not rendered`);
    return found;
  });
const removed = (selector: string) =>
  vi.waitFor(() => {
    if (element().shadowRoot?.querySelector(selector)) throw new Error(`${selector} is still rendered`);
  });

beforeAll(async () => {
  defineWebComponents();
  document.body.append(document.createElement('rc-dialogs'));
  await rendered('style');
});
afterEach(() => {
  for (const dialog of $dialogs.get()) dialogs.close(dialog.id);
});

const element = () => document.querySelector('rc-dialogs')!;

describe('<rc-dialogs>', () => {
  it('renders frames in its shadow root and content as slotted light DOM', async () => {
    dialogs.open({ title: '修改名称', content: <p className="from-app">新的名称</p> });
    const frame = await rendered('[role="dialog"]');
    expect(frame.getAttribute('aria-label')).toBe('修改名称');
    expect((frame as HTMLElement).style.zIndex).toBe('1000');
    const holder = (await vi.waitFor(() => element().querySelector('.from-app')!)).parentElement!;
    expect(holder.slot).toBe(frame.querySelector('slot')!.name);
  });

  it('answers a confirmation from its buttons and dispatches dialog events on the element', async () => {
    const events: string[] = [];
    for (const type of ['dialog:opened', 'dialog:closed']) element().addEventListener(type, () => events.push(type));
    const answer = dialogs.confirm({ title: '释放实例', content: '释放后数据不可恢复', confirmText: '释放', danger: true });
    await rendered('.action');
    const buttons = [...element().shadowRoot!.querySelectorAll<HTMLButtonElement>('.action')];
    expect(buttons.map((b) => b.textContent)).toEqual(['取消', '释放']);
    buttons[1]!.click();
    await expect(answer).resolves.toBe(true);
    await removed('[role="dialog"]');
    expect(events).toEqual(['dialog:opened', 'dialog:closed']);
  });

  it('moves a minimized dialog to the tray and restores it from there', async () => {
    const handle = dialogs.open({ title: '上传设置', content: 'x' });
    (await rendered('[aria-label="最小化"]')).click();
    const trayItem = await rendered('.tray-item');
    expect(trayItem.textContent).toBe('上传设置');
    trayItem.click();
    expect($dialogs.get().find((d) => d.id === handle.id)).toMatchObject({ isMinimized: false, visible: true });
  });

  it('follows the portal theme: its theme attribute switches the frames to dark styles', async () => {
    setTheme('theme_dark');
    await vi.waitFor(() => expect(element().getAttribute('theme')).toBe('theme_dark'));
    const styles = element().shadowRoot!.querySelector('style')!.textContent!;
    expect(styles).toContain(':host([theme="theme_dark"]) .dialog');
    setTheme('theme_light');
    await vi.waitFor(() => expect(element().getAttribute('theme')).toBe('theme_light'));
  });
});
