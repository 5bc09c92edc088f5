import { messages } from './constants';
import { bus } from './event-bus';

/** Copies `text`; when the browser can't, toasts that the user should copy by hand. */
export async function copyText(text: string): Promise<boolean> {
  if ((await copyWithClipboardApi(text)) || copyWithSelection(text)) return true;
  bus.emit('toast', { type: 'warning', message: messages.clipboardUnsupported });
  return false;
}

async function copyWithClipboardApi(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// navigator.clipboard only exists on secure origins; a plain-http deployment needs execCommand.
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
