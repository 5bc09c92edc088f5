// Lints snippets that cross each import boundary of eslint.config.js (and break the rules of hooks), so a
// boundary rule that stops matching fails here instead of passing silently.
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** What domains/one-way says about `code` in `filePath`: its message ids (upward, face, unplaced). */
async function oneWayFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'domains/one-way').map((message) => message.messageId!);
}

// The first lint loads the config, the TypeScript parser and the plugins.
beforeAll(() => ruleIds('mf-console/src/probe.ts', ''), 60_000);

/** eslint.config.js's domainOrder, as the rule domains/one-way receives it. */
const { order: domainOrder } = (await eslint.calculateConfigForFile('api-server/src/lib/probe.ts')).rules['domains/one-way'][1] as {
  order: string[];
};

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
    ['api-server/src/storage/probe.ts', '../modules/net-disk/net-disk-routes.js'],
    ['api-server/src/community/probe.ts', '../modules/community/blog-routes.js'],
  ])('refuses a domain folder (%s) importing a route module (%s)', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual(['no-restricted-imports', 'domains/one-way']);
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
    ['api-server/src/billing/probe.ts', '../accounts/index.js'],
    ['api-server/src/billing/probe.test.ts', '../test-support/test-app.js'],
    ['mf-console/src/probe/probe-page.tsx', '@rc/shared-utility'],
  ])('lets %s import %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual([]);
  });
});

// Every folder and top-level file of api-server/src, as the directory lists them today, tests left out.
const serverUnits = readdirSync(new URL('../../api-server/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() || (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')))
  .map((entry) => ({ unit: entry.name, folder: entry.isDirectory() }));
const isFolder = (unit: string) => serverUnits.some((entry) => entry.unit === unit && entry.folder);
/** A file of `unit` to lint, and how it names the src/ folder. */
const probeIn = (unit: string) =>
  isFolder(unit) ? { file: `api-server/src/${unit}/probe.ts`, up: '../' } : { file: `api-server/src/${unit}`, up: './' };
/** How a file reaches `unit`'s face: its index.ts, or the top-level file itself. */
const faceOf = (unit: string) => (isFolder(unit) ? `${unit}/index.js` : unit.replace(/\.ts$/, '.js'));

describe('domain order', () => {
  it('lists folders that exist, once each', () => {
    expect(new Set(domainOrder).size).toBe(domainOrder.length);
    expect(serverUnits.length).toBeGreaterThan(20);
  });

  it.each(serverUnits.map(({ unit }) => unit))('gives api-server/src/%s its place in the order', (unit) => {
    expect(domainOrder).toContain(unit);
  });

  it('refuses every file of a folder that has no place in the order', async () => {
    expect(await oneWayFindings('api-server/src/unplaced-probe/probe.ts', 'export const probe = 1;\n')).toEqual(['unplaced']);
  });

  const later = serverUnits.filter(({ unit }) => domainOrder.indexOf(unit) < domainOrder.length - 1).map(({ unit }) => unit);
  it.each(later)('refuses %s importing the next one in the order, even through its face', async (unit) => {
    const { file, up } = probeIn(unit);
    const next = domainOrder[domainOrder.indexOf(unit) + 1]!;
    expect(await oneWayFindings(file, importing(`${up}${faceOf(next)}`))).toEqual(['upward']);
  });

  /** The nearest folder before `unit` in the order, whose face and files `unit` may or may not import. */
  const folderBefore = (unit: string) =>
    domainOrder
      .slice(0, domainOrder.indexOf(unit))
      .reverse()
      .find((earlier) => isFolder(earlier));
  const withFolderBefore = serverUnits.filter(({ unit }) => folderBefore(unit)).map(({ unit }) => unit);

  it.each(withFolderBefore)('lets %s import an earlier folder through its index.ts', async (unit) => {
    const { file, up } = probeIn(unit);
    expect(await oneWayFindings(file, importing(`${up}${folderBefore(unit)}/index.js`))).toEqual([]);
  });

  it.each(withFolderBefore)('refuses %s importing an earlier folder past its index.ts', async (unit) => {
    const { file, up } = probeIn(unit);
    expect(await oneWayFindings(file, importing(`${up}${folderBefore(unit)}/some-file.js`))).toEqual(['face']);
  });

  it('lets a folder import its own files, and a test reach test-support/', async () => {
    expect(await oneWayFindings('api-server/src/billing/invoices/probe.ts', importing('../ledger.js'))).toEqual([]);
    expect(await oneWayFindings('api-server/src/lib/probe.test.ts', importing('../test-support/test-app.js'))).toEqual([]);
  });

  it('holds the route modules to the order and to the faces', async () => {
    expect(await oneWayFindings('api-server/src/modules/user/probe-routes.ts', importing('../../periodic-jobs.js'))).toEqual(['upward']);
    expect(await oneWayFindings('api-server/src/modules/user/probe-routes.ts', importing('../../accounts/sessions.js'))).toEqual(['face']);
    expect(await oneWayFindings('api-server/src/modules/user/probe-routes.ts', importing('../../accounts/index.js'))).toEqual([]);
  });
});

describe('database out of route modules', () => {
  it.each([
    ['api-server/src/modules/image/probe-routes.ts', '../../db/index.js'],
    ['api-server/src/modules/user/account/probe-routes.ts', '../../../db/index.js'],
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
    ['api-server/src/modules/image/probe-routes.ts', '../../compute/index.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../billing/index.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../lib/index.js'],
    ['api-server/src/modules/user/billing/probe-routes.ts', '../../../plugins/index.js'],
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
