import { afterAll, describe, expect, it } from 'vitest';
import { startWebPortStandIn } from '../api-server/src/test-support/web-port-stand-in';
import type { Browser } from './support/chromium';
import { browserToken } from './support/demo-session';
import { instanceStatus, rentRunningInstance } from './support/rented-instances';
import type { PortalPage } from './support/portal-page';
import { setUpPortalSuite, type PortalSuite } from './support/portal-suite';

/**
 * What a hostile notebook would run: every way a page served by an instance could reach the portal's session or act
 * as its user, each finding written out for the test to read. `PORTAL` and `INSTANCE` are filled in when served.
 */
const hostilePage = `<!doctype html><html><head><meta charset="utf-8"><title>instance page</title></head><body><pre id="findings"></pre>
<script>
(async () => {
  const portal = PORTAL, id = INSTANCE, findings = { origin: location.origin, href: location.href };
  const attempt = async (name, probe) => {
    try { findings[name] = await probe(); } catch (error) { findings[name] = 'refused: ' + error.name; }
    document.getElementById('findings').textContent = JSON.stringify(findings);
  };
  const answer = async (response) => (response.type === 'opaque' ? 'opaque' : response.status + ' ' + (await response.text()).slice(0, 300));
  const call = (base, route, body, headers = {}, mode = 'cors') =>
    fetch(base + '/apis' + route, {
      method: 'POST', mode, credentials: 'include', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
    }).then(answer);
  await attempt('localStorage', () => JSON.stringify({ ...localStorage }));
  await attempt('sessionStorage', () => JSON.stringify({ ...sessionStorage }));
  await attempt('cookie', () => document.cookie);
  await attempt('opener', () => (window.opener === null ? 'none' : JSON.stringify({ ...window.opener.localStorage })));
  const loot = [...Object.values(localStorage), ...document.cookie.split(';').map((pair) => decodeURIComponent(pair.split('=')[1] ?? ''))]
    .map((value) => { try { return String(JSON.parse(value)); } catch { return value; } })
    .filter(Boolean);
  for (const [where, base] of [['own', ''], ['portal', portal]]) {
    await attempt(where + ' account', () => call(base, '/user/auth/user/account/view', {}));
    await attempt(where + ' stop', () => call(base, '/user/auth/user/instance/stop', { id }, {}, 'no-cors'));
    for (const [n, token] of loot.entries()) {
      await attempt(where + ' account with loot ' + n, () => call(base, '/user/auth/user/account/view', {}, { token }));
      await attempt(where + ' stop with loot ' + n, () => call(base, '/user/auth/user/instance/stop', { id }, { token }));
    }
  }
  await attempt('echo', () => new Promise((resolve, reject) => {
    const socket = new WebSocket(location.origin.replace('http', 'ws') + location.pathname.replace(/[^/]*$/, '') + 'echo');
    socket.onopen = () => socket.send('ping');
    socket.onmessage = (event) => resolve(String(event.data));
    socket.onclose = (event) => reject(new Error('closed ' + event.code));
  }));
  document.body.dataset.done = 'yes';
})();
</script></body></html>`;

const target = { portal: '', instanceId: 0 };
/** The instance's web port as the simulated pool answers it: the hostile page, no `/apis` of its own, an echo socket. */
const stage = await startWebPortStandIn((request) =>
  request.url?.includes('/apis/')
    ? { status: 404, type: 'text/plain', body: 'the instance has no /apis' }
    : {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: hostilePage.replace('PORTAL', JSON.stringify(target.portal)).replace('INSTANCE', String(target.instanceId)),
      },
);
afterAll(() => stage.close());

let suite: PortalSuite;
let browser: Browser;
let page: PortalPage;
setUpPortalSuite(
  { signedIn: true, env: { SIMULATED_WEB_TARGET: stage.address, SIMULATED_SPEED: '4' } },
  (opened) => ({ browser, page } = suite = opened),
);

const row = () => browser.$('.rc-instance-table tbody tr');

describe('a page served by an instance', () => {
  it('opened from the console, finds no session to read and cannot act as its user', async () => {
    const token = await browserToken(browser);
    const id = await rentRunningInstance(suite.server.url, token);
    Object.assign(target, { portal: suite.server.url, instanceId: id });

    await page.open('/account/instanceManage');
    await row().$('.rc-jupyter-link').waitForClickable({ timeout: 15_000 });
    const portalWindow = await browser.getWindowHandle();
    await row().$('.rc-jupyter-link').click();
    await browser.waitUntil(async () => (await browser.getWindowHandles()).length === 2, { timeout: 20_000 });
    await browser.switchToWindow((await browser.getWindowHandles()).find((handle) => handle !== portalWindow)!);
    await browser.$('body[data-done="yes"]').waitForExist({ timeout: 20_000 });
    const text = await browser.$('#findings').getText();

    // Nothing the page could read or was sent holds the session, and nothing it tried was done as the user.
    expect(text).not.toContain(token);
    expect(JSON.stringify(stage.heard)).not.toContain(token);
    const findings = JSON.parse(text) as Record<string, string>;
    expect(Object.values(findings).filter((finding) => finding.includes('"code":200'))).toEqual([]);
    expect(await instanceStatus(suite.server.url, token, id)).toBe(2);
    expect(findings.opener).toBe('none');

    // It is the instance's own origin, entered without the ticket left in the address; its WebSocket works.
    expect(findings.origin).not.toBe(new URL(suite.server.url).origin);
    expect(findings.href).not.toContain('ticket');
    expect(findings.echo).toBe('echo: ping');
  });
});
