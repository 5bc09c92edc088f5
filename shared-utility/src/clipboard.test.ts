import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';
import { bus, type RcEvents } from './event-bus';

function watchToasts() {
  const toasts: RcEvents['toast'][] = [];
  const off = bus.on('toast', (t) => toasts.push(t));
  return { toasts, off };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe('copyText', () => {
  it('copies through the Clipboard API', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    const { toasts, off } = watchToasts();
    expect(await copyText('ssh -p 22 root@h')).toBe(true);
    off();
    expect(writeText).toHaveBeenCalledWith('ssh -p 22 root@h');
    expect(toasts).toEqual([]);
  });

  it('falls back to a selected textarea when the Clipboard API is missing', async () => {
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
      return true;
    });
    expect(await copyText('abc')).toBe(true);
    expect(copied).toBe('abc');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('toasts the manual-copy message when nothing works', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    document.execCommand = vi.fn(() => false);
    const { toasts, off } = watchToasts();
    expect(await copyText('abc')).toBe(false);
    off();
    expect(toasts).toEqual([{ type: 'warning', message: '当前浏览器不支持此功能，请手动复制！' }]);
  });
});
