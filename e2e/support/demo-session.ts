import type { Browser } from './chromium';

export const demoUser = { mobile: '13800000001', password: 'Demo@2026' };

/** Logs the demo user in through the API and stores the session the way the portal does. */
export async function signInThroughApi(browser: Browser, baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/apis/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoUser),
  });
  const { code, data, msg } = (await response.json()) as { code: number; data: { token: string; userInfo: unknown }; msg: string };
  if (code !== 200) throw new Error(`demo login failed: ${code} ${msg}`);
  await browser.execute(
    (token, userInfo) => {
      localStorage.setItem('RC_WEB_TOKEN', token);
      localStorage.setItem('RcUserInfo', userInfo);
    },
    JSON.stringify(data.token),
    JSON.stringify(data.userInfo),
  );
}
