// `npm run lint`: typescript-eslint's recommended rules, the rules of hooks, and the import boundaries of
// docs/architecture.md (the server's domain order and faces, route modules apart from each other, micro-apps apart).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { oneWay } from './tools/lint/domain-order.js';

/**
 * The server's domain order (docs/architecture.md, "Domain order"): each folder or top-level file of api-server/src
 * imports only those before it (and itself), and another folder only through its index.ts. A folder missing here
 * fails lint (see the domain blocks below), so a new folder has to take its place the day it is made.
 */
export const domainOrder = [
  ...['repo-root.ts', 'clock.ts', 'file-clock.ts', 'config.ts', 'errors.ts', 'envelope.ts', 'request-log.ts'],
  ...['lib', 'db', 'shared-state', 'blobs', 'leadership', 'site', 'content'],
  ...['accounts', 'billing', 'storage', 'uploads', 'compute', 'push', 'observability', 'hpc', 'ssh-gateway'],
  ...['community', 'learning', 'exam', 'applications', 'operations', 'seed', 'plugins', 'modules'],
  ...['periodic-jobs.ts', 'app.ts', 'serve.ts', 'server.ts', 'test-support', 'replicas'],
];

const serverRoot = fileURLToPath(new URL('api-server/src/', import.meta.url));
/** Every folder of api-server/src, read when lint starts: a folder made today is checked today. */
const serverFolders = readdirSync(serverRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The folders below the route modules: they hold the rules and never import HTTP. */
const domainFolders = serverFolders.filter((folder) => domainOrder.indexOf(folder) < domainOrder.indexOf('modules'));
const oneWayOptions = { serverRoot, order: domainOrder };

/** One no-restricted-imports setting per file set: a later block replaces an earlier one, so each lists all its patterns. */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const routeModuleRules = {
  siblingRoutes: {
    regex: String.raw`^\.\.?/(.+/)?[^/]+-routes(\.js)?$`,
    message: 'A route module registers its *-routes.ts files in its index.ts only; move the shared code to a domain folder.',
  },
  viaModulesFolder: {
    regex: String.raw`^(\.\./)+modules/`,
    message: 'A route module never imports another route module; move the shared code to a domain folder.',
  },
  otherFolder: (depth) => ({
    regex: String.raw`^(\.\./){${depth}}[^./][^/]*/`,
    message: 'A route module never imports another route module; move the shared code to a domain folder.',
  }),
};

/**
 * Route modules speak HTTP only: the queries and rules live in domain folders. No import of src/db/ (schema,
 * database types) or drizzle-orm, and no query on a database or transaction (`db.select`, `app.db.insert`,
 * `tx.update`, ...) in src/modules/ (tests there may set up data directly). esquery regexes cannot hold `/`: \x2F is one.
 */
const databaseOutOfRouteModules = {
  files: ['api-server/src/modules/**/*.ts'],
  ignores: ['**/*.test.ts', '**/*-test-kit.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: String.raw`:matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression)[source.value=/^(\.\.?\x2F)+db(\x2F|$)|^drizzle-orm(\x2F|$)/]`,
        message: 'A route module speaks HTTP only: call a domain function for the data instead of importing src/db or drizzle-orm.',
      },
      {
        selector: String.raw`MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|transaction|execute|query)$/]:matches([object.name=/^(db|tx)$/], [object.property.name="db"])`,
        message: 'A route module speaks HTTP only: move the query into a domain function (src/<domain>/) and call that with app.db.',
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'api-server/.server-build-*/',
      'data/',
      '.tmp/',
      'examples/vendor/',
      'api-server/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Checked by TypeScript (noUnusedLocals, noUnusedParameters) with the same `_` convention.
      '@typescript-eslint/no-unused-vars': 'off',
      // Chinese UI text uses the ideographic space (U+3000) on purpose.
      'no-irregular-whitespace': ['error', { skipJSXText: true }],
      // File and folder names are checked for control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['{root-config,shared-utility,mf-*}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read answers loosely (`Answer<T = any>`); production code may not.
    files: ['**/*.test.ts', '**/test-support/**', 'api-server/src/**/test-*.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Benchmarks pass functions to browser.execute(), which run in the page.
    files: ['bench/*.mjs'],
    languageOptions: { globals: { ...globals.browser, System: 'readonly' } },
  },
  {
    files: ['tools/web-build/browser/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
    // `storage.length;` probes whether localStorage throws (blocked storage) before the guard uses it.
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },

  // Boundaries, api-server: a route module never imports another route module (folder) or a sibling *-routes.ts.
  {
    files: ['api-server/src/modules/*/*.ts'],
    rules: restrictImports(routeModuleRules.siblingRoutes, routeModuleRules.viaModulesFolder, routeModuleRules.otherFolder(1)),
  },
  {
    files: ['api-server/src/modules/*/*/**/*.ts'],
    rules: restrictImports(routeModuleRules.siblingRoutes, routeModuleRules.viaModulesFolder, routeModuleRules.otherFolder(2)),
  },
  {
    files: ['api-server/src/modules/*/index.ts'],
    rules: restrictImports(routeModuleRules.viaModulesFolder, routeModuleRules.otherFolder(1)),
  },
  {
    files: ['api-server/src/modules/*/*/**/index.ts'],
    rules: restrictImports(routeModuleRules.viaModulesFolder, routeModuleRules.otherFolder(2)),
  },
  databaseOutOfRouteModules,
  // Boundaries, api-server: the rules live in domain folders, which never import HTTP route modules.
  {
    files: [`api-server/src/{${domainFolders.join(',')}}/**/*.ts`],
    rules: restrictImports({
      regex: String.raw`^\.\.?/(.+/)?modules(/|$)`,
      message: 'A domain folder never imports a route module (src/modules/**); move what both need into the domain folder.',
    }),
  },
  // Boundaries, api-server: each folder (and top-level file) imports only itself and what comes before it in domainOrder,
  // another folder only through its index.ts. Tests may reach test-support/, which stands above every domain.
  {
    files: ['api-server/src/**/*.{ts,mts,mjs}'],
    ignores: ['**/*.test.ts'],
    plugins: { domains: { rules: { 'one-way': oneWay } } },
    rules: { 'domains/one-way': ['error', oneWayOptions] },
  },
  // Boundaries, browser: a micro-app never imports another micro-app or the root config; they talk through @rc/shared-utility.
  {
    files: ['mf-*/**/*.{ts,tsx}'],
    rules: restrictImports(
      {
        group: ['@rc/mf-*', '@rc/root-config', '@rc/root-config/*'],
        message: 'A micro-app never imports another micro-app or root-config; share through @rc/shared-utility.',
      },
      {
        regex: String.raw`^(\.\./)+(mf-[^/]+|root-config)(/|$)`,
        message: 'A micro-app never imports another micro-app or root-config; share through @rc/shared-utility.',
      },
    ),
  },
);
