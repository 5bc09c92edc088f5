// Builds one @rc module through its own vite.config.ts (the shared vite.micro-app.ts factory).
import { build } from 'vite';
import { repoPath } from './paths.mjs';

/** @import { Rollup, InlineConfig } from 'vite' */
/** @import { PortalModule } from './module-list.mjs' */

/** @param {PortalModule} module @returns {InlineConfig} */
function appConfig(module) {
  const root = repoPath(module.workspace);
  return { root, configFile: `${root}/vite.config.ts`, logLevel: 'warn' };
}

/** Builds the module in memory into its one SystemJS file. @param {PortalModule} module */
export async function buildApp(module) {
  const result = /** @type {Rollup.RollupOutput[]} */ (await build({ ...appConfig(module), build: { write: false } }));
  const chunks = result[0]?.output ?? [];
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk) {
    throw new Error(`${module.name} built to ${chunks.length} files (${chunks.map((c) => c.fileName).join(', ')}); expected one`);
  }
  return { code: chunk.code, imports: chunk.imports };
}

/** Rebuilds the module into its dist/ on every change. @param {PortalModule} module */
export async function watchApp(module) {
  return /** @type {Rollup.RollupWatcher} */ (await build({ ...appConfig(module), build: { write: true, watch: {} } }));
}
