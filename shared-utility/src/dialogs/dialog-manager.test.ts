import { afterEach, describe, expect, it } from 'vitest';
import { bus } from '../event-bus';
import { storage } from '../storage';
import { $activeDialogId, $dialogBodies, $dialogs, dialogs } from './dialog-manager';

afterEach(() => {
  for (const dialog of $dialogs.get()) dialogs.close(dialog.id);
});

const zIndexes = () => Object.fromEntries($dialogs.get().map((d) => [d.id, d.zIndex]));

describe('dialog manager', () => {
  it('registers dialogs with z-index from 1000 in steps of 10 and persists them in vuex_dialog', () => {
    const a = dialogs.open({ title: '甲', content: 'a' });
    const b = dialogs.open({ title: '乙', content: 'b' });
    expect(zIndexes()).toEqual({ [a.id]: 1000, [b.id]: 1010 });
    expect($activeDialogId.get()).toBe(b.id);
    expect(storage.get('vuex_dialog')).toEqual([
      { id: a.id, title: '甲', isMinimized: false, visible: true, zIndex: 1000 },
      { id: b.id, title: '乙', isMinimized: false, visible: true, zIndex: 1010 },
    ]);
  });

  it('minimizes, and restores a dialog in front of the others', () => {
    const a = dialogs.open({ title: '甲', content: 'a' });
    const b = dialogs.open({ title: '乙', content: 'b' });
    dialogs.minimize(a.id);
    expect($dialogs.get()[0]).toMatchObject({ isMinimized: true, visible: false });
    dialogs.restore(a.id);
    expect($dialogs.get()[0]).toMatchObject({ isMinimized: false, visible: true, zIndex: 1020 });
    expect($activeDialogId.get()).toBe(a.id);
    expect(zIndexes()[b.id]).toBe(1010);
  });

  it('makes the last remaining dialog active after a close and forgets the closed body', () => {
    const a = dialogs.open({ title: '甲', content: 'a' });
    const b = dialogs.open({ title: '乙', content: 'b' });
    const c = dialogs.open({ title: '丙', content: 'c' });
    dialogs.restore(a.id);
    dialogs.close(a.id);
    expect($activeDialogId.get()).toBe(c.id);
    expect(Object.keys($dialogBodies.get())).toEqual([b.id, c.id]);
  });

  it('publishes dialog:* events on the bus', () => {
    const seen: string[] = [];
    const offs = (['dialog:opened', 'dialog:minimized', 'dialog:restored', 'dialog:closed'] as const).map((type) =>
      bus.on(type, (detail) => seen.push(`${type} ${detail.id}`)),
    );
    const a = dialogs.open({ title: '甲', content: 'a' });
    dialogs.minimize(a.id);
    dialogs.restore(a.id);
    a.close();
    offs.forEach((off) => off());
    expect(seen).toEqual([`dialog:opened ${a.id}`, `dialog:minimized ${a.id}`, `dialog:restored ${a.id}`, `dialog:closed ${a.id}`]);
  });

  it('confirm resolves true on the confirm action and false when the dialog is closed', async () => {
    const yes = dialogs.confirm({ title: '释放实例', content: '确定释放？', danger: true });
    const first = $dialogs.get()[0]!;
    const actions = $dialogBodies.get()[first.id]!.actions!;
    expect(actions.map((action) => action.text)).toEqual(['取消', '确定']);
    actions[1]!.onClick();
    await expect(yes).resolves.toBe(true);
    expect($dialogs.get()).toEqual([]);

    const no = dialogs.confirm({ title: '删除', content: '确定删除？', confirmText: '删除' });
    dialogs.close($dialogs.get()[0]!.id);
    await expect(no).resolves.toBe(false);
  });

  it('reopening a dialog by id restores it instead of adding a second one', () => {
    dialogs.open({ id: 'settings', title: '设置', content: 'x' });
    dialogs.open({ id: 'other', title: '其他', content: 'y' });
    dialogs.minimize('settings');
    dialogs.open({ id: 'settings', title: '设置', content: 'x2' });
    expect($dialogs.get().map((d) => d.id)).toEqual(['settings', 'other']);
    expect($dialogs.get()[0]).toMatchObject({ isMinimized: false, zIndex: 1020 });
    expect($dialogBodies.get().settings!.content).toBe('x2');
  });
});
