// Builds one shared in-browser module (react, semantic-ui-react, ...) to a SystemJS file,
// with every other in-browser module left external so the browser loads each one once.
import { build } from './vite.mjs';
import { isExternal } from './module-list.mjs';
import { repoPath } from './paths.mjs';
import { sharedEntryPlugin } from './shared-entry.mjs';

export async function buildSharedModule(module) {
  const root = repoPath('shared-deps');
  const entryId = repoPath('shared-deps', `${module.fileStem}.entry.js`);
  const [output] = await build({
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
  });
  if (output.output.length !== 1) throw new Error(`${module.name} built to ${output.output.length} files; expected one`);
  const [chunk] = output.output;
  return { code: chunk.code, imports: chunk.imports };
}
