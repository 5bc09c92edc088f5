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

/** @typedef {{ fileName: string, code: string, imports: string[] }} AppChunk */

/**
 * Builds the module in memory: its SystemJS entry and the chunks its lazy imports load, which the
 * entry names relative to itself (so they are published beside it, under the names Rollup gave them).
 * @param {PortalModule} module
 */
export async function buildApp(module) {
  const result = /** @type {Rollup.RollupOutput[]} */ (await build({ ...appConfig(module), build: { write: false } }));
  const output = result[0]?.output ?? [];
  const stray = output.filter((file) => file.type !== 'chunk');
  if (stray.length > 0) throw new Error(`${module.name} built files that are no code: ${stray.map((f) => f.fileName).join(', ')}`);
  const chunks = /** @type {Rollup.OutputChunk[]} */ (output);
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) throw new Error(`${module.name} built ${entries.length} entries; expected one`);
  return {
    code: entry.code,
    imports: entry.imports,
    /** @type {AppChunk[]} */
    chunks: chunks.filter((chunk) => !chunk.isEntry).map(({ fileName, code, imports }) => ({ fileName, code, imports })),
  };
}

/** Rebuilds the module into its dist/ on every change. @param {PortalModule} module */
export async function watchApp(module) {
  return /** @type {Rollup.RollupWatcher} */ (await build({ ...appConfig(module), build: { write: true, watch: {} } }));
}
