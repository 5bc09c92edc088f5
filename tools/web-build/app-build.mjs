// Builds one @rc module through its own vite.config.ts (the shared vite.micro-app.ts factory).
import { build } from './vite.mjs';
import { repoPath } from './paths.mjs';

export async function buildApp(module, { watch = null, write = false } = {}) {
  const root = repoPath(module.workspace);
  const result = await build({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'warn',
    build: { write, watch },
  });
  if (watch) return result;
  const chunks = result[0].output;
  if (chunks.length !== 1) {
    throw new Error(`${module.name} built to ${chunks.length} files (${chunks.map((c) => c.fileName).join(', ')}); expected one`);
  }
  return { code: chunks[0].code, imports: chunks[0].imports };
}
