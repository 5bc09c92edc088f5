import type { IncomingHttpHeaders } from 'node:http';

/** The portal's session: the cookie the browser keeps it in (shared-utility's token-cookie) and the header calls send it in. */
const sessionCookie = 'RC_WEB_TOKEN';
const sessionHeader = 'token';

/**
 * The browser's request headers as Jupyter gets them: without the portal's session (the container is the
 * user's own code and must never see it), and with the portal's Host, which Jupyter compares with the Origin
 * of API calls and WebSockets.
 */
export function headersForJupyter(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { [sessionHeader]: _session, cookie, ...rest } = headers;
  const kept = cookie
    ?.split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${sessionCookie}=`))
    .join('; ');
  return { ...rest, ...(kept ? { cookie: kept } : {}) };
}
