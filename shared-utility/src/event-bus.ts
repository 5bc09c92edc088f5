import type { ExamDeadlinePush, InstancesPush, UploadPush } from '@rc/api-contract/user/push';
import type { Theme, UserInfo } from './types';

export type ToastType = 'error' | 'success' | 'info' | 'warning';

/** The portal's events; micro-apps may add their own by augmenting this interface. */
export interface RcEvents {
  'session:login': { userInfo: UserInfo };
  'session:logout': { reason: string };
  toast: { type: ToastType; message: string };
  'theme:change': { theme: Theme };
  /** Ask for the header counters (messages, instances, balance) to be reloaded. */
  'counters:changed': Record<string, never>;
  /** Pushed by the server: instances of this user changed status (or were added). */
  'instances:changed': InstancesPush;
  /** Pushed by the server: an upload of this user was merged, or failed its check. */
  'uploads:changed': UploadPush;
  /** Pushed by the server: a running exam attempt's deadline moved (extra time granted or withdrawn). */
  'exam:deadline': ExamDeadlinePush;
}

export interface EventBus {
  on<K extends keyof RcEvents>(type: K, fn: (detail: RcEvents[K]) => void): () => void;
  emit<K extends keyof RcEvents>(type: K, detail: RcEvents[K], options?: { crossTab?: boolean }): void;
}

const PREFIX = 'rc:';
const ALWAYS_CROSS_TAB: ReadonlySet<keyof RcEvents> = new Set(['session:logout']);

/**
 * Events are CustomEvents named `rc:<type>` on `target`; cross-tab events also travel over
 * `channel` and are re-dispatched on the receiving tab's target.
 */
export function createBus(target: EventTarget, channel: BroadcastChannel | null): EventBus {
  const dispatch = (type: string, detail: unknown) => target.dispatchEvent(new CustomEvent(PREFIX + type, { detail }));

  channel?.addEventListener('message', (event) => {
    const message: unknown = (event as MessageEvent).data;
    if (typeof message === 'object' && message !== null && 'type' in message && typeof message.type === 'string') {
      dispatch(message.type, 'detail' in message ? message.detail : undefined);
    }
  });

  return {
    on(type, fn) {
      const listener = (event: Event) => fn((event as CustomEvent).detail);
      target.addEventListener(PREFIX + type, listener);
      return () => target.removeEventListener(PREFIX + type, listener);
    },
    emit(type, detail, options) {
      dispatch(type, detail);
      if (options?.crossTab || ALWAYS_CROSS_TAB.has(type)) channel?.postMessage({ type, detail });
    },
  };
}

export const bus = createBus(window, typeof BroadcastChannel === 'function' ? new BroadcastChannel('rc-bus') : null);
