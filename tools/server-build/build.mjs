// `npm run build:server`: the API server as an ES module, api-server/dist/server.js (and the chunks it loads on demand), run by `npm start` with plain
// Node (no TypeScript loader). Our own workspaces (@rc/*, TypeScript) and the packages every start imports are bundled
// in; the rest stay in node_modules.
// An argument names another output folder inside api-server/ (the tests build their own: test-support/server-build.ts).
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiServer = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api-server');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(apiServer, 'dist');

/**
 * Files the server finds next to its own module through `import.meta.url`, copied to where the bundle (which is
 * all one module in dist/) looks for them.
 * @type {Array<[string, string]>}
 */
const besideTheModule = [
  ['src/db/migrations', 'migrations'], // db/open-database.ts
  ['src/seed/assets', 'assets'], // seed/demo-lesson-video.ts
  ['src/uploads/md5-thread.mjs', 'md5-thread.mjs'], // uploads/incremental-md5.ts (a worker thread)
  ['src/content/segmenter-thread.mjs', 'segmenter-thread.mjs'], // content/word-segmenter.ts (a worker thread)
  ['src/db/pglite-thread.mjs', 'pglite-thread.mjs'], // db/pglite-on-thread.ts (the embedded database's thread)
  ['src/db/pglite-create.mjs', 'pglite-create.mjs'], // db/open-database.ts (creates a new database folder)
  ['src/db/pglite-folder.mjs', 'pglite-folder.mjs'], // what both open a database folder with
  ['src/db/pglite-statements.mjs', 'pglite-statements.mjs'], // pglite-thread.mjs (named prepared statements)
  ['src/db/pglite-answers.mjs', 'pglite-answers.mjs'], // pglite-statements.mjs (reads the database's answers)
];

/**
 * The packages every start imports, bundled together with what they import in turn: Node opened about 1,500 files of
 * theirs at each start, about a fifth of a restart (issue 31, `bench/server-start.ts`: 2.37 s → 1.86 s to the first
 * answer). `ws` is here because `@fastify/websocket` brings it too, and the server's own imports must reach that copy.
 */
const startUpPackages = /^(@rc\/|@fastify\/|(typebox|drizzle-orm|fastify|fastify-plugin|prom-client|helmet|ws)(\/|$))/;
/** What stays in node_modules even where a bundled package imports it: native addons, and files found beside the module. */
const neverBundled =
  /^(pino|thread-stream|@electric-sql\/pglite|pg|pg-native|ssh2|cpu-features|@node-rs\/|bufferutil|utf-8-validate)(\/|$)/;

/**
 * The other packages stay in node_modules: those only some servers use, which their chunks import on demand, and those
 * that cannot be bundled.
 * @type {import('esbuild').Plugin}
 */
const startUpPackagesBundled = {
  name: 'start-up-packages-bundled',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || neverBundled.test(args.path)) return { external: true };
      const fromBundledPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      return startUpPackages.test(args.path) || fromBundledPackage ? undefined : { external: true };
    });
  },
};

const started = performance.now();
await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiServer, 'src/server.ts')],
  outdir: dist,
  // What the server imports only when configured (the Podman and Kubernetes drivers, Redis, Excel and PDF writers) goes
  // to chunks of its own, beside server.js so that `import.meta.url` finds the same files: inlined, their packages were
  // imported at start-up by every server (issue 31: idle memory).
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  plugins: [startUpPackagesBundled],
  // Bundled CommonJS packages require Node's own modules.
  banner: {
    js: "import { createRequire as createRequireForBundledPackages } from 'node:module'; const require = createRequireForBundledPackages(import.meta.url);",
  },
  logLevel: 'warning',
});
for (const [from, to] of besideTheModule) await cp(path.join(apiServer, from), path.join(dist, to), { recursive: true });
console.log(`server-build: ${path.relative(process.cwd(), path.join(dist, 'server.js'))} in ${Math.round(performance.now() - started)} ms`);
