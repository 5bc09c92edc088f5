import { afterEach, describe, expect, it } from 'vitest';
import { bus, createBus, type RcEvents } from './event-bus';

const channels: BroadcastChannel[] = [];
function tab() {
  const channel = new BroadcastChannel('rc-bus');
  channels.push(channel);
  return createBus(new EventTarget(), channel);
}
afterEach(() => {
  channels.splice(0).forEach((c) => c.close());
});

const nextMessage = (channel: BroadcastChannel) =>
  new Promise<unknown>((resolve) => channel.addEventListener('message', (e) => resolve(e.data), { once: true }));

describe('event bus', () => {
  it('delivers to listeners in the same tab as rc:<type> events, until unsubscribed', () => {
    const target = new EventTarget();
    const local = createBus(target, null);
    const seen: unknown[] = [];
    target.addEventListener('rc:toast', (e) => seen.push(['raw', (e as CustomEvent).detail]));
    const off = local.on('toast', (d) => seen.push(d));
    local.emit('toast', { type: 'info', message: '一' });
    off();
    local.emit('toast', { type: 'info', message: '二' });
    expect(seen).toEqual([
      ['raw', { type: 'info', message: '一' }],
      { type: 'info', message: '一' },
      ['raw', { type: 'info', message: '二' }],
    ]);
  });

  it('the exported bus dispatches on window', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener('rc:counters:changed', listener);
    bus.emit('counters:changed', {});
    window.removeEventListener('rc:counters:changed', listener);
    expect(seen).toEqual([{}]);
  });

  it('carries a cross-tab event from one tab to another', async () => {
    const [a, b] = [tab(), tab()];
    const received = new Promise<RcEvents['theme:change']>((resolve) => b.on('theme:change', resolve));
    a.emit('theme:change', { theme: 'theme_dark' }, { crossTab: true });
    expect(await received).toEqual({ theme: 'theme_dark' });
  });

  it('keeps ordinary events in their tab and always sends session:logout across', async () => {
    const [a, b] = [tab(), tab()];
    const seenInB: string[] = [];
    b.on('toast', (d) => seenInB.push(d.message));
    b.on('session:logout', (d) => seenInB.push(d.reason));
    const arrived = nextMessage(channels[1]!);
    a.emit('toast', { type: 'error', message: 'local only' });
    a.emit('session:logout', { reason: 'logout' });
    expect(await arrived).toEqual({ type: 'session:logout', detail: { reason: 'logout' } });
    expect(seenInB).toEqual(['logout']);
  });

  it('a message from another tab reaches the exported bus', async () => {
    const otherTab = new BroadcastChannel('rc-bus');
    channels.push(otherTab);
    const received = new Promise<RcEvents['toast']>((resolve) => {
      const off = bus.on('toast', (d) => {
        off();
        resolve(d);
      });
    });
    otherTab.postMessage({ type: 'toast', detail: { type: 'success', message: '已复制' } });
    expect(await received).toEqual({ type: 'success', message: '已复制' });
  });
});
