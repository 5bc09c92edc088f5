import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { $uploadListShow } from '../stores';
import { uploads } from '../upload';
import { bus } from '../event-bus';
import { defineWebComponents } from './define-elements';

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const shadow = (element: Element) => element.shadowRoot!;

beforeAll(() => defineWebComponents());
afterEach(() => {
  document.body.innerHTML = '';
  $uploadListShow.set(false);
});

describe('<rc-uploader> in the portal', () => {
  it('follows the transfer-list toggle and closes it again', async () => {
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await settle();
    expect(shadow(element).querySelector('.panel')).toBeNull();
    $uploadListShow.set(true);
    await settle();
    expect(shadow(element).querySelector('.title')!.textContent).toBe('传输列表');
    expect(shadow(element).querySelector('.empty')!.textContent).toBe('暂无上传任务');
    shadow(element).querySelector<HTMLButtonElement>('[aria-label="关闭"]')!.click();
    expect($uploadListShow.get()).toBe(false);
  });

  it('collapses to the narrow bar and expands again', async () => {
    $uploadListShow.set(true);
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await settle();
    shadow(element).querySelector<HTMLButtonElement>('[aria-label="收起"]')!.click();
    await settle();
    expect(shadow(element).querySelector('.panel')!.className).toContain('is-collapsed');
    expect(shadow(element).querySelector('.list')).toBeNull();
    shadow(element).querySelector<HTMLButtonElement>('[aria-label="展开"]')!.click();
    await settle();
    expect(shadow(element).querySelector('.list')).not.toBeNull();
  });

  it('shows a new upload with its label and re-dispatches upload events on the element', async () => {
    const element = document.createElement('rc-uploader');
    document.body.append(element);
    await settle();
    const seen: string[] = [];
    element.addEventListener('upload:added', (event) => seen.push((event as CustomEvent).detail.fileName));
    const id = uploads.add(new File(['hello'], '说明.txt'))!;
    await settle();
    expect($uploadListShow.get()).toBe(true);
    const row = shadow(element).querySelector(`[data-upload-id="${id}"]`)!;
    expect(row.querySelector('.name')!.textContent).toBe('说明.txt');
    expect(row.querySelector('.meta')!.textContent).toBe('5 B');
    expect(seen).toEqual(['说明.txt']);
    uploads.cancel(id);
    await settle();
    expect(shadow(element).querySelector(`[data-upload-id="${id}"]`)).toBeNull();
    bus.emit('session:logout', { reason: 'test' });
    expect($uploadListShow.get()).toBe(false);
  });
});
