import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  it('every JSON answer carries the policy that allows nothing, nosniff, same-origin framing and reads, and a referrer policy', async () => {
    for (const url of ['/apis/system/api/website/get', '/apis/no/such/call', '/apis/user/auth/user/ext/view']) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'self'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-resource-policy': 'same-origin',
      });
      // What only a page reads is not sent with an answer that never is one.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('an answer a browser may show as a page carries the portal policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apis/user/api/pay/sandbox/cashier/no-such-payment' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'script-src')).not.toContain('unsafe-inline');
    expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-opener-policy': 'same-origin' });
  });

  it('the portal page allows exactly its inline scripts, by hash', async () => {
    const guard = 'window.guard = 1;';
    const boot = "System.import('@rc/root-config');";
    const web = path.join(t.dataDir, 'web');
    fs.mkdirSync(web, { recursive: true });
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<html><head><script type="systemjs-importmap" src="/importmap.json"></script><script>${guard}</script><script src="/s.js"></script></head><body><script>${boot}</script></body></html>`,
    );
    for (const url of ['/', '/account/instanceManage']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const scripts = directive(String(response.headers['content-security-policy']), 'script-src');
      expect(scripts).toContain(sha256(guard));
      expect(scripts).toContain(sha256(boot));
      expect(scripts).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the legacy example page has a policy of its own allowing its inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/examples/legacy-page.html' });
    expect(response.statusCode).toBe(200);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(response.body)![1]!;
    expect(directive(String(response.headers['content-security-policy']), 'script-src')).toContain(sha256(inline));
  });
});
