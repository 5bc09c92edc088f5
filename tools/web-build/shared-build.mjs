// Builds one shared in-browser module (react, semantic-ui-react, ...) to a SystemJS file,
// with every other in-browser module left external so the browser loads each one once.
import { build } from 'vite';
import { isExternal } from './module-list.mjs';
import { repoPath } from './paths.mjs';
import { sharedEntryPlugin } from './shared-entry.mjs';

/** @param {import('./module-list.mjs').PortalModule} module */
export async function buildSharedModule(module) {
  const root = repoPath('shared-deps');
  const entryId = repoPath('shared-deps', `${module.fileStem}.entry.js`);
  const [output] = /** @type {import('vite').Rollup.RollupOutput[]} */ (
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [sharedEntryPlugin(module.name, entryId)],
      build: {
        write: false,
        lib: { entry: entryId, formats: ['system'], fileName: () => `${module.fileStem}.js` },
        rollupOptions: { external: (id) => id !== module.name && isExternal(id) },
      },
    })
  );
  const chunks = output?.output ?? [];
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk) throw new Error(`${module.name} built to ${chunks.length} files; expected one`);
  return { code: chunk.code, imports: chunk.imports, sourceFiles: chunk.moduleIds };
}
