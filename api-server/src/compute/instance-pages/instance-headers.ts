import type { IncomingHttpHeaders } from 'node:http';

/** The cookie that lets the browser into one instance's port (HttpOnly, on that origin only). */
export const passCookie = 'rc_instance_pass';

/**
 * Credentials the instance never sees: the portal's session, in its cookie (shared-utility's token-cookie, should a
 * browser ever send it here) and its header, and the pass cookie that only this server reads.
 */
const strippedCookies = ['RC_WEB_TOKEN', passCookie];
const sessionHeader = 'token';

const cookiePairs = (header: string | undefined) =>
  (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** The value of cookie `name` in a Cookie header; undefined when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  const pair = cookiePairs(header).find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

/**
 * The browser's request headers as the instance gets them: without the portal's session and the pass (the container
 * runs the user's own code), and with the browser's Host, which Jupyter compares with the Origin of calls and WebSockets.
 */
export function headersForInstance(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { [sessionHeader]: _session, cookie, ...rest } = headers;
  const kept = cookiePairs(cookie)
    .filter((part) => !strippedCookies.some((name) => part.startsWith(`${name}=`)))
    .join('; ');
  return { ...rest, ...(kept ? { cookie: kept } : {}) };
}
