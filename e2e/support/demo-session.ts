import type { Browser } from './chromium';

export const demoUser = { mobile: '13800000001', password: 'Demo@2026' };

interface Session {
  token: string;
  userInfo: unknown;
}

// The server allows 10 password logins per mobile in 15 minutes, so tests share one session
// unless they end it themselves (`fresh`).
const shared = new Map<string, Session>();

async function logIn(baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoUser),
  });
  const { code, data, msg } = (await response.json()) as { code: number; data: Session; msg: string };
  if (code !== 200) throw new Error(`demo login failed: ${code} ${msg}`);
  return data;
}

/** Logs the demo user in through the API and stores the session the way the portal does. */
export async function signInThroughApi(browser: Browser, baseUrl: string, { fresh = false } = {}): Promise<void> {
  let session = fresh ? undefined : shared.get(baseUrl);
  if (!session) {
    session = await logIn(baseUrl);
    if (!fresh) shared.set(baseUrl, session);
  }
  await browser.execute(
    (token, userInfo) => {
      localStorage.setItem('RC_WEB_TOKEN', token);
      localStorage.setItem('RcUserInfo', userInfo);
    },
    JSON.stringify(session.token),
    JSON.stringify(session.userInfo),
  );
}
