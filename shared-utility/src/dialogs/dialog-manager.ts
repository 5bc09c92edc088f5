import type { ReactNode } from 'react';
import { atom } from 'nanostores';
import { constants } from '../constants';
import { bus } from '../event-bus';
import { storage } from '../storage';

/** Spec §3 dialog; the list is persisted in `vuex_dialog`. */
export interface DialogState {
  id: string;
  title: string;
  isMinimized: boolean;
  visible: boolean;
  zIndex: number;
}

export interface DialogAction {
  text: string;
  primary?: boolean;
  danger?: boolean;
  onClick: () => void;
}

export type DialogContent = ReactNode | ((close: () => void) => ReactNode);

/** What a dialog renders; kept in memory only (React nodes cannot be stored). */
export interface DialogBody {
  content: DialogContent;
  width?: number;
  actions?: DialogAction[];
}

export interface OpenOptions {
  title: string;
  content: DialogContent;
  width?: number;
  /** A stable id lets a dialog reopened after a reload come back minimized if it was. */
  id?: string;
  actions?: DialogAction[];
  onClose?: () => void;
}

export interface ConfirmOptions {
  title: string;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
}

declare module '../event-bus' {
  interface RcEvents {
    'dialog:opened': { id: string; title: string };
    'dialog:minimized': { id: string };
    'dialog:restored': { id: string };
    'dialog:closed': { id: string };
  }
}

const remembered = new Map((storage.get<DialogState[]>('vuex_dialog') ?? []).map((dialog) => [dialog.id, dialog]));

export const $dialogs = atom<DialogState[]>([]);
export const $dialogBodies = atom<Record<string, DialogBody>>({});
export const $activeDialogId = atom<string | null>(null);
const closeHandlers = new Map<string, () => void>();
let counter = 0;

$dialogs.listen((list) => storage.set('vuex_dialog', list));

function nextZIndex(): number {
  const list = $dialogs.get();
  if (list.length === 0) return constants.dialogZIndexStart;
  return Math.max(...list.map((dialog) => dialog.zIndex)) + constants.dialogZIndexStep;
}

function update(id: string, change: Partial<DialogState>): boolean {
  const list = $dialogs.get();
  if (!list.some((dialog) => dialog.id === id)) return false;
  $dialogs.set(list.map((dialog) => (dialog.id === id ? { ...dialog, ...change } : dialog)));
  return true;
}

function topVisibleId(): string | null {
  const visible = $dialogs.get().filter((dialog) => dialog.visible);
  return visible.sort((a, b) => b.zIndex - a.zIndex)[0]?.id ?? null;
}

function open(options: OpenOptions): { id: string; close(): void } {
  const id = options.id ?? `dialog-${Date.now().toString(36)}-${++counter}`;
  const handle = { id, close: () => close(id) };
  $dialogBodies.set({ ...$dialogBodies.get(), [id]: { content: options.content, width: options.width, actions: options.actions } });
  if (options.onClose) closeHandlers.set(id, options.onClose);
  if ($dialogs.get().some((dialog) => dialog.id === id)) {
    restore(id);
    return handle;
  }
  const isMinimized = remembered.get(id)?.isMinimized ?? false;
  remembered.delete(id);
  $dialogs.set([...$dialogs.get(), { id, title: options.title, isMinimized, visible: !isMinimized, zIndex: nextZIndex() }]);
  if (!isMinimized) $activeDialogId.set(id);
  bus.emit('dialog:opened', { id, title: options.title });
  return handle;
}

function minimize(id: string): void {
  if (!update(id, { isMinimized: true, visible: false })) return;
  if ($activeDialogId.get() === id) $activeDialogId.set(topVisibleId());
  bus.emit('dialog:minimized', { id });
}

/** Shows a dialog again, in front of every other one. */
function restore(id: string): void {
  if (!update(id, { isMinimized: false, visible: true, zIndex: nextZIndex() })) return;
  $activeDialogId.set(id);
  bus.emit('dialog:restored', { id });
}

/** Removes a dialog; the last one remaining becomes the active one. */
function close(id: string): void {
  const list = $dialogs.get();
  if (!list.some((dialog) => dialog.id === id)) return;
  const remaining = list.filter((dialog) => dialog.id !== id);
  $dialogs.set(remaining);
  const { [id]: _closed, ...bodies } = $dialogBodies.get();
  $dialogBodies.set(bodies);
  $activeDialogId.set(remaining.at(-1)?.id ?? null);
  const onClose = closeHandlers.get(id);
  closeHandlers.delete(id);
  bus.emit('dialog:closed', { id });
  onClose?.();
}

/** Resolves true on the confirm button, false on cancel or on closing the dialog. */
function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
      close(handle.id);
    };
    const handle = open({
      title: options.title,
      content: options.content,
      width: 420,
      actions: [
        { text: options.cancelText ?? '取消', onClick: () => answer(false) },
        { text: options.confirmText ?? '确定', primary: true, danger: options.danger, onClick: () => answer(true) },
      ],
      onClose: () => answer(false),
    });
  });
}

export const dialogs = { open, confirm, minimize, restore, close };
