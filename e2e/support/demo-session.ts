import type { Browser } from './chromium';
import type { PortalPage } from './portal-page';

export interface Account {
  mobile: string;
  password: string;
}

export const demoUser: Account = { mobile: '13800000001', password: 'Demo@2026' };
export const demoTeacher: Account = { mobile: '13800000002', password: demoUser.password };
export const demoOperator: Account = { mobile: '13800000004', password: demoUser.password };

interface Session {
  token: string;
  userInfo: unknown;
}

async function dataOf<T>(response: Response, route: string): Promise<T> {
  const answer = (await response.json()) as { code: number; data: T; msg: string };
  if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** A POST to `/apis<route>` (with `token` when given) that answers `data`, failing the test on any other code than 200. */
export async function apiCall<T>(baseUrl: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/apis${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return dataOf<T>(response, route);
}

/** A GET of `/apis<route>` with `token` that answers `data`, failing the test on any other code than 200. */
export const apiGet = async <T>(baseUrl: string, route: string, token: string): Promise<T> =>
  dataOf<T>(await fetch(`${baseUrl}/apis${route}`, { headers: { token } }), route);

/** A GET (no body) or a POST (a JSON body) of `/apis<route>` with `token`, as the portal's API client sends them. */
export const apiSend = <T>(baseUrl: string, route: string, token: string, body?: unknown): Promise<T> =>
  body === undefined ? apiGet<T>(baseUrl, route, token) : apiCall<T>(baseUrl, route, body, token);

/** A new session of `account` through the password login (which ends the account's other sessions). */
export const logInThroughApi = (baseUrl: string, account: Account) => apiCall<Session>(baseUrl, '/user/api/user/login/password', account);

/** A new session of the demo user: its token and its user id. */
export async function logInDemoUser(baseUrl: string): Promise<{ token: string; userId: number }> {
  const { token, userInfo } = await logInThroughApi(baseUrl, demoUser);
  return { token, userId: (userInfo as { id: number }).id };
}

async function storeSession(browser: Browser, session: Session) {
  await browser.execute(
    (token, userInfo) => {
      localStorage.setItem('RC_WEB_TOKEN', token);
      localStorage.setItem('RcUserInfo', userInfo);
    },
    JSON.stringify(session.token),
    JSON.stringify(session.userInfo),
  );
}

// The server allows 10 password logins per mobile in 15 minutes, so tests share one session
// unless they end it themselves (`fresh`).
const shared = new Map<string, Session>();

/** The journey files share one worker (e2e/vitest.config.ts): a later file's server may listen on an earlier one's port. */
export const forgetSharedSessions = () => shared.clear();

/** Logs the demo user in through the API and stores the session the way the portal does. */
export async function signInThroughApi(browser: Browser, baseUrl: string, { fresh = false } = {}): Promise<void> {
  let session = fresh ? undefined : shared.get(baseUrl);
  if (!session) {
    session = await logInThroughApi(baseUrl, demoUser);
    if (!fresh) shared.set(baseUrl, session);
  }
  await storeSession(browser, session);
}

/** The token of the session this browser holds (a second password login of its account would end that session). */
export const browserToken = (browser: Browser) =>
  browser.execute(() => JSON.parse(localStorage.getItem('RC_WEB_TOKEN') ?? 'null') as string);

/**
 * Ends this browser's session and signs `account` in the way the portal stores a session; answers its token.
 * The page is left before the login (a request it still made with the old token would be answered 304 after
 * the login and end the session just stored) and again after it, so nothing signed in is loading meanwhile.
 */
export async function signInAs(page: PortalPage, browser: Browser, baseUrl: string, account: Account): Promise<string> {
  await page.reset();
  const session = await logInThroughApi(baseUrl, account);
  await page.reset();
  await storeSession(browser, session);
  return session.token;
}
