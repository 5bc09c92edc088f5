import { api } from './api-client';
import type { PushEvents } from '@rc/api-contract/user/push';
import { getConfig } from './config';
import { bus } from './event-bus';
import { refreshUserInfo } from './session';
import { storage } from './storage';
import { $balance, $instanceNum, $token, $userMsgNum } from './stores';

/** After the server refused a stream (not a dropped connection, which EventSource retries itself), this long before trying again. */
const reopenAfterRefusalMs = 10_000;

type Handlers = { [K in keyof PushEvents]: (data: PushEvents[K]) => void };

const handlers: Handlers = {
  snapshot: ({ balance, totalContainer, num }) => {
    $balance.set(balance);
    $instanceNum.set(totalContainer);
    $userMsgNum.set(num);
  },
  balance: ({ balance }) => $balance.set(balance),
  instances: (data) => {
    $instanceNum.set(data.totalContainer);
    bus.emit('instances:changed', data);
  },
  messages: ({ num }) => $userMsgNum.set(num),
  uploads: (data) => bus.emit('uploads:changed', data),
  // Handled per stream (startServerEvents): what to do depends on the token the stream was opened with.
  session: () => {},
};

function open(token: string): EventSource {
  const source = new EventSource(`${getConfig().apiBase}/user/auth/events?token=${encodeURIComponent(token)}`);
  for (const [type, handle] of Object.entries(handlers) as Array<[keyof PushEvents, (data: unknown) => void]>) {
    source.addEventListener(type, (event) => handle(JSON.parse((event as MessageEvent<string>).data)));
  }
  return source;
}

/**
 * While signed in, this tab holds one stream of server events that keeps the header's balance, instance count and
 * unread count current and tells open screens when instances or uploads change. Returns the function that stops it.
 */
export function startServerEvents(): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = (token: string | null) => {
    clearTimeout(retry);
    source?.close();
    source = null;
    if (!token) return;
    const opened = open(token);
    opened.addEventListener('session', () => {
      opened.close();
      // The server ended this stream's session. A sign-in in another tab may already have stored the next token
      // (this tab hears of it by a storage event that can come later): then follow it. Otherwise asking with the
      // token gets the 401 or 304 that ends the session here as it would any call.
      // The page stays where it is (a public page keeps showing, spec §4); the auth guard leaves pages that need a session.
      const stored = storage.get<string>('RC_WEB_TOKEN');
      if (stored && stored !== token) $token.set(stored);
      else void api.post('/user/auth/user/ext/view', undefined, { errorTip: false, cache: false, loginRedirect: false });
    });
    opened.onerror = () => {
      if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
      // Refused: a session that ended is ended here by the answer to this call; a live one tries again later.
      void refreshUserInfo().then(() => {
        if (source === opened && $token.get() === token) retry = setTimeout(() => connect(token), reopenAfterRefusalMs);
      });
    };
    source = opened;
  };

  // A page left for another is not holding its stream meanwhile (the back-forward cache may keep it, and an open
  // stream would keep one of the browser's few connections to the server); it opens a new one if shown again.
  const leave = () => connect(null);
  const shown = (event: PageTransitionEvent) => {
    if (event.persisted) connect($token.get());
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', shown);

  connect($token.get());
  const stopListening = $token.listen(connect);
  return () => {
    stopListening();
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', shown);
    connect(null);
  };
}
