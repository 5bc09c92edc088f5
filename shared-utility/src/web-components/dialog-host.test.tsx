import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $dialogs, dialogs } from '../dialogs/dialog-manager';
import { setTheme } from '../theme';
import { defineWebComponents } from './define-elements';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(async () => {
  defineWebComponents();
  document.body.append(document.createElement('rc-dialogs'));
  while (!element().shadowRoot?.querySelector('style')) await settle();
  await settle();
});
afterEach(() => {
  for (const dialog of $dialogs.get()) dialogs.close(dialog.id);
});

const element = () => document.querySelector('rc-dialogs')!;

describe('<rc-dialogs>', () => {
  it('renders frames in its shadow root and content as slotted light DOM', async () => {
    dialogs.open({ title: '修改名称', content: <p className="from-app">新的名称</p> });
    await settle();
    const frame = element().shadowRoot!.querySelector('[role="dialog"]')!;
    expect(frame.getAttribute('aria-label')).toBe('修改名称');
    expect((frame as HTMLElement).style.zIndex).toBe('1000');
    const holder = element().querySelector('.from-app')!.parentElement!;
    expect(holder.slot).toBe(frame.querySelector('slot')!.name);
  });

  it('answers a confirmation from its buttons and dispatches dialog events on the element', async () => {
    const events: string[] = [];
    for (const type of ['dialog:opened', 'dialog:closed']) element().addEventListener(type, () => events.push(type));
    const answer = dialogs.confirm({ title: '释放实例', content: '释放后数据不可恢复', confirmText: '释放', danger: true });
    await settle();
    const buttons = [...element().shadowRoot!.querySelectorAll<HTMLButtonElement>('.action')];
    expect(buttons.map((b) => b.textContent)).toEqual(['取消', '释放']);
    buttons[1]!.click();
    await expect(answer).resolves.toBe(true);
    await settle();
    expect(element().shadowRoot!.querySelector('[role="dialog"]')).toBeNull();
    expect(events).toEqual(['dialog:opened', 'dialog:closed']);
  });

  it('moves a minimized dialog to the tray and restores it from there', async () => {
    const handle = dialogs.open({ title: '上传设置', content: 'x' });
    await settle();
    element().shadowRoot!.querySelector<HTMLButtonElement>('[aria-label="最小化"]')!.click();
    await settle();
    const trayItem = element().shadowRoot!.querySelector<HTMLButtonElement>('.tray-item')!;
    expect(trayItem.textContent).toBe('上传设置');
    trayItem.click();
    await settle();
    expect($dialogs.get().find((d) => d.id === handle.id)).toMatchObject({ isMinimized: false, visible: true });
  });

  it('follows the portal theme: its theme attribute switches the frames to dark styles', async () => {
    setTheme('theme_dark');
    await settle();
    expect(element().getAttribute('theme')).toBe('theme_dark');
    const styles = element().shadowRoot!.querySelector('style')!.textContent!;
    expect(styles).toContain(':host([theme="theme_dark"]) .dialog');
    setTheme('theme_light');
    await settle();
    expect(element().getAttribute('theme')).toBe('theme_light');
  });
});
