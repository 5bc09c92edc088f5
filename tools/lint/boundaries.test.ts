// Lints snippets that cross each import boundary of eslint.config.js (and break the rules of hooks), so a
// boundary rule that stops matching fails here instead of passing silently.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

// The first lint loads the config, the TypeScript parser and the plugins.
beforeAll(() => ruleIds('mf-console/src/probe.ts', ''), 60_000);

const importing = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

describe('import boundaries', () => {
  it.each([
    ['api-server/src/modules/user/probe-routes.ts', '../orion/chunk-upload.js'],
    ['api-server/src/modules/user/probe-routes.ts', '../../modules/orion/chunk-upload.js'],
    ['api-server/src/modules/user/probe-routes.ts', './login-routes.js'],
    ['api-server/src/modules/user/account/probe-routes.ts', '../../orion/chunk-upload.js'],
    ['api-server/src/modules/user/account/probe-routes.ts', '../login-routes.js'],
    ['api-server/src/modules/user/index.ts', '../orion/file-routes.js'],
  ])('refuses a route module (%s) importing another route module (%s)', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['api-server/src/billing/probe.ts', '../modules/user/ledger.js'],
    ['api-server/src/lib/sms/probe.ts', '../../modules/user/sms-codes.js'],
    ['api-server/src/plugins/probe.ts', '../modules/user/sessions.js'],
    ['api-server/src/accounts/probe.ts', '../modules/common-schemas.js'],
  ])('refuses a domain folder (%s) importing a route module (%s)', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['mf-console/src/probe/probe-page.tsx', '@rc/mf-storage'],
    ['mf-console/src/probe/probe-page.tsx', '@rc/root-config'],
    ['mf-console/src/probe/probe-page.tsx', '../../../mf-storage/src/files/file-storage-api'],
    ['mf-billing/src/probe-page.tsx', '../../root-config/src/routes'],
  ])('refuses a micro-app (%s) importing another micro-app or root-config (%s)', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['api-server/src/modules/user/index.ts', './login-routes.js'],
    ['api-server/src/modules/user/probe-routes.ts', '../../accounts/index.js'],
    ['api-server/src/modules/user/probe-routes.ts', '../common-schemas.js'],
    ['api-server/src/billing/probe.ts', '../accounts/sessions.js'],
    ['mf-console/src/probe/probe-page.tsx', '@rc/shared-utility'],
  ])('lets %s import %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual([]);
  });
});

describe('database out of route modules, domains through their faces', () => {
  it.each([
    ['api-server/src/modules/image/probe-routes.ts', '../../db/schema.js'],
    ['api-server/src/modules/user/account/probe-routes.ts', '../../../db/open-database.js'],
    ['api-server/src/modules/image/probe-routes.ts', 'drizzle-orm'],
    ['api-server/src/modules/image/index.ts', 'drizzle-orm/pg-core'],
  ])('refuses a route module (%s) importing %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['app.db.select', 'export const probe = (app: { db: { select(): unknown } }) => app.db.select();\n'],
    ['db.transaction', 'export const probe = (db: { transaction(): unknown }) => db.transaction();\n'],
    ['tx.update', 'export const probe = (tx: { update(): unknown }) => tx.update();\n'],
  ])('refuses a query (%s) in a route module', async (_query, code) => {
    expect(await ruleIds('api-server/src/modules/user/compute/probe-routes.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['api-server/src/modules/image/probe-routes.ts', '../../compute/image-lists.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../billing/payments/recharge.js'],
    ['api-server/src/modules/course/probe-routes.ts', '../../learning/index.ts'],
  ])('refuses a route module (%s) reaching past a domain face (%s)', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['api-server/src/modules/image/probe-routes.ts', '../../compute/index.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../billing/index.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../lib/page-window.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../plugins/app/authentication.js'],
  ])('lets a route module (%s) import %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual([]);
  });

  it('lets a route module hand app.db to a domain function, and its tests set up data directly', async () => {
    const handing = 'export const probe = (app: { db: unknown }, read: (db: unknown) => unknown) => read(app.db);\n';
    expect(await ruleIds('api-server/src/modules/image/probe-routes.ts', handing)).toEqual([]);
    expect(await ruleIds('api-server/src/modules/image/probe.test.ts', importing('../../db/schema.js'))).toEqual([]);
  });
});

describe('rules of hooks', () => {
  it('refuses a hook called conditionally in a micro-app', async () => {
    const code = `import { useState } from 'react';\nexport function Probe({ open }: { open: boolean }) {\n  if (open) useState(0);\n  return null;\n}\n`;
    expect(await ruleIds('mf-console/src/probe/probe-page.tsx', code)).toEqual(['react-hooks/rules-of-hooks']);
  });
});
