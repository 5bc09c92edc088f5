import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { repoRoot } from '../repo-root.js';

/** `KEY=value` lines; `#` comments and anything else left out. */
const assignments = (lines: string[]) =>
  Object.fromEntries(
    lines.flatMap((line) =>
      /^[A-Z][A-Z0-9_]*=/.test(line) ? [[line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]] : [],
    ),
  );

/** What the shipped systemd unit sets for instance `port` on host `host` (its `Environment=` lines, specifiers filled in). */
function unitEnvironment(port: string, host: string): Record<string, string> {
  const unit = fs.readFileSync(path.join(repoRoot, 'deploy/systemd/suanli-api@.service'), 'utf8');
  const lines = unit.split('\n').filter((line) => line.startsWith('Environment='));
  return assignments(lines.map((line) => line.slice('Environment='.length).replaceAll('%i', port).replaceAll('%H', host)));
}

/** The guide's example of /etc/suanli/api.env (its ```ini block). */
function guideSharedSettings(): Record<string, string> {
  const guide = fs.readFileSync(path.join(repoRoot, 'deploy/README.md'), 'utf8');
  const block = /```ini\n([\s\S]*?)```/.exec(guide);
  expect(block, 'deploy/README.md shows /etc/suanli/api.env').not.toBeNull();
  return assignments(block![1]!.split('\n'));
}

describe('a site installed by the deploy guide', () => {
  it('is a real site: no demo data, no sandbox cashier, blobs on S3 shared by the replicas', () => {
    const config = loadConfig({ ...unitEnvironment('8081', 'gpu1'), ...guideSharedSettings() });
    expect(config).toMatchObject({ seedDemoData: false, port: 8081, replicaId: 'gpu1:8081', blobs: { store: 's3' } });
    expect(config.redisUrl).toBeDefined();
    expect(config.payments.sandbox).toBe(false);
  });

  it('refuses the sandbox cashier beside the payment keys a real site adds', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----';
    const site = { ...unitEnvironment('8081', 'gpu1'), ...guideSharedSettings() };
    const alipay = { ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: pem, ALIPAY_PUBLIC_KEY: pem };
    expect(loadConfig({ ...site, ...alipay }).payments).toMatchObject({ sandbox: false, alipay: { appId: '2021000000000000' } });
    expect(() => loadConfig({ ...site, ...alipay, PAYMENT_SANDBOX: 'true' })).toThrow(/^PAYMENT_SANDBOX=true cannot be set together/);
  });
});
