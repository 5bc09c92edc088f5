import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { $uploadListShow } from '../stores';
import { uploads } from '../upload';
import { bus } from '../event-bus';
import { defineWebComponents } from './define-elements';

const shadow = (element: Element) => element.shadowRoot!;
/** React renders the element's shadow root on its own schedule: wait for what the test expects, not for a fixed time. */
const rendered = (element: Element, selector: string) =>
  vi.waitFor(() => {
    const found = element.shadowRoot?.querySelector<HTMLElement>(selector);
    if (!found) throw new Error(`${selector} is not rendered`);
    return found;
  });
/** Mounted: its effects ran, so it listens to the bus (the theme attribute is set by an effect of the same commit). */
const mounted = (element: Element) =>
  vi.waitFor(() => {
    if (!element.hasAttribute('theme')) throw new Error('<rc-uploader> is not mounted');
  });
const removed = (element: Element, selector: string) =>
  vi.waitFor(() => {
    if (element.shadowRoot?.querySelector(selector)) throw new Error(`${selector} is still rendered`);
  });

beforeAll(() => defineWebComponents());
afterEach(() => {
  document.body.innerHTML = '';
  $uploadListShow.set(false);
});

describe('<rc-uploader> in the portal', () => {
  it('follows the transfer-list toggle and closes it again', async () => {
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await mounted(element);
    expect(shadow(element).querySelector('.panel')).toBeNull();
    $uploadListShow.set(true);
    expect((await rendered(element, '.title')).textContent).toBe('传输列表');
    expect(shadow(element).querySelector('.empty')!.textContent).toBe('暂无上传任务');
    shadow(element).querySelector<HTMLButtonElement>('[aria-label="关闭"]')!.click();
    expect($uploadListShow.get()).toBe(false);
  });

  it('collapses to the narrow bar and expands again', async () => {
    $uploadListShow.set(true);
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    (await rendered(element, '[aria-label="收起"]')).click();
    await rendered(element, '.panel.is-collapsed');
    expect(shadow(element).querySelector('.list')).toBeNull();
    (await rendered(element, '[aria-label="展开"]')).click();
    await rendered(element, '.list');
  });

  it('shows a new upload with its label and re-dispatches upload events on the element', async () => {
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await mounted(element);
    const seen: string[] = [];
    element.addEventListener('upload:added', (event) => seen.push((event as CustomEvent).detail.fileName));
    const id = uploads.add(new File(['hello'], '说明.txt'))!;
    expect($uploadListShow.get()).toBe(true);
    const row = await rendered(element, `[data-upload-id="${id}"]`);
    expect(row.querySelector('.name')!.textContent).toBe('说明.txt');
    expect(row.querySelector('.meta')!.textContent).toBe('5 B');
    expect(seen).toEqual(['说明.txt']);
    uploads.cancel(id);
    await removed(element, `[data-upload-id="${id}"]`);
    bus.emit('session:logout', { reason: 'test' });
    expect($uploadListShow.get()).toBe(false);
  });
});
