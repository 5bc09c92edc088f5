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

  it('opens collapsed to the narrow bar, so it covers no controls, and expands and collapses again', async () => {
    $uploadListShow.set(true);
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await rendered(element, '.panel.is-collapsed');
    expect(shadow(element).querySelector<HTMLElement>('.body')!.hidden).toBe(true);
    expect(shadow(element).querySelector('.page-room')!.className).toBe('page-room');
    (await rendered(element, '[aria-label="展开"]')).click();
    await rendered(element, '.panel:not(.is-collapsed)');
    expect(shadow(element).querySelector<HTMLElement>('.body')!.hidden).toBe(false);
    // Expanded, it keeps as much room below the page as it is tall, so the page's last rows scroll clear of it.
    expect(shadow(element).querySelector('.page-room')!.className).toBe('page-room is-expanded');
    (await rendered(element, '[aria-label="收起"]')).click();
    await rendered(element, '.panel.is-collapsed');
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

describe('<rc-uploader variant="inline"> in a page', () => {
  it('shows the shared queue in the page, 700×378, never collapsed, and a new upload does not open the floating list', async () => {
    const floating = document.createElement('rc-uploader');
    const inline = document.createElement('rc-uploader');
    inline.setAttribute('variant', 'inline');
    inline.setAttribute('target-path', '报告');
    document.body.append(inline, floating);
    const panel = await rendered(inline, '.panel.is-inline');
    expect(shadow(inline).querySelector('[aria-label="收起"], [aria-label="展开"], [aria-label="关闭"]')).toBeNull();
    expect(shadow(inline).querySelector('.page-room')).toBeNull();
    expect(panel.textContent).toContain('暂无上传任务');
    await mounted(floating);

    const id = uploads.add(new File(['hello'], '周报.txt'), { uploadType: 'cpu', uploadParams: { path: '报告' } })!;
    await rendered(inline, `[data-upload-id="${id}"]`);
    expect($uploadListShow.get()).toBe(false);
    uploads.cancel(id);
    await removed(inline, `[data-upload-id="${id}"]`);

    inline.remove();
    const next = uploads.add(new File(['hi'], '月报.txt'))!;
    expect($uploadListShow.get()).toBe(true);
    uploads.cancel(next);
  });
});
