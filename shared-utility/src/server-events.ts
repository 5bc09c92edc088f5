import { api } from './api-client';
import type { EventStreamTicket, PushEvents } from '@rc/api-contract/user/push';
import { getConfig } from './config';
import { bus } from './event-bus';
import { refreshUserInfo } from './session';
import { storage } from './storage';
import { $balance, $instanceNum, $token, $userMsgNum } from './stores';

/** After the server refused a stream (not a dropped connection), this long before trying again. */
const reopenAfterRefusalMs = 10_000;
/** A stream whose connection dropped is opened again, with a new ticket and from its last event, after this long. */
const reopenAfterDropMs = 3_000;

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
  examDeadline: (data) => bus.emit('exam:deadline', data),
  // Handled per stream (startServerEvents): what to do depends on the token the stream was opened with.
  session: () => {},
};

/**
 * A single-use ticket for one stream: EventSource cannot send the token header, and the token must not be in a URL
 * (proxies log URLs). A session that ended is ended here by the API client, as by any call.
 */
async function streamTicket(): Promise<string | null> {
  const answer = await api.post<EventStreamTicket>('/user/auth/events/ticket', undefined, {
    errorTip: false,
    cache: false,
    loginRedirect: false,
  });
  return answer.code === 200 ? answer.data.ticket : null;
}

/** The stream opened with `ticket`; after `lastEventId` when resuming. `seen` hears each event's id. */
function open(ticket: string, lastEventId: string | undefined, seen: (id: string) => void): EventSource {
  const query = new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) });
  const source = new EventSource(`${getConfig().apiBase}/user/auth/events?${query}`);
  for (const [type, handle] of Object.entries(handlers) as Array<[keyof PushEvents, (data: unknown) => void]>) {
    source.addEventListener(type, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) seen(message.lastEventId);
      handle(JSON.parse(message.data));
    });
  }
  return source;
}

/**
 * While signed in, this tab holds one stream of server events that keeps the header's balance, instance count and
 * unread count current and tells open screens when instances, uploads or an exam's deadline change. Returns the function that stops it.
 */
export function startServerEvents(): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every connect: a ticket that arrives after a newer connect began is not used. */
  let attempt = 0;
  let lastEventId: string | undefined;

  const connect = async (token: string | null, resume = false) => {
    const mine = ++attempt;
    clearTimeout(retry);
    source?.close();
    source = null;
    if (!resume) lastEventId = undefined;
    if (!token) return;
    const ticket = await streamTicket();
    if (mine !== attempt) return;
    if (!ticket) {
      // The server could not be reached, or the session ended (then $token is null by now and nothing is retried).
      if ($token.get() === token) retry = setTimeout(() => void connect(token, true), reopenAfterRefusalMs);
      return;
    }
    const opened = open(ticket, lastEventId, (id) => (lastEventId = id));
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
      if (source !== opened) return;
      // EventSource would reconnect by itself with the spent ticket: a new stream takes over from the last event.
      const dropped = opened.readyState === EventSource.CONNECTING;
      opened.close();
      if (dropped) {
        retry = setTimeout(() => void connect(token, true), reopenAfterDropMs);
        return;
      }
      // Refused: a session that ended is ended here by the answer to this call; a live one tries again later.
      void refreshUserInfo().then(() => {
        if (source === opened && $token.get() === token) retry = setTimeout(() => void connect(token, true), reopenAfterRefusalMs);
      });
    };
    source = opened;
  };

  // A page left for another is not holding its stream meanwhile (the back-forward cache may keep it, and an open
  // stream would keep one of the browser's few connections to the server); it opens a new one if shown again.
  const leave = () => void connect(null);
  const shown = (event: PageTransitionEvent) => {
    if (event.persisted) void connect($token.get());
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', shown);

  void connect($token.get());
  const stopListening = $token.listen((token) => void connect(token));
  return () => {
    stopListening();
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', shown);
    void connect(null);
  };
}
