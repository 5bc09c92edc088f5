// /embed/rc-uploader.js: the standalone <rc-uploader> for pages outside the portal, loaded with one
// <script> tag. Unlike the portal's modules it bundles its own React (the host page may run another
// version, or none) and everything else it needs; its styles live in the element's shadow root.
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { repoPath, webRoot } from './paths.mjs';
import { writeAtomically } from './publish.mjs';
import { build } from 'vite';

/** @returns {Promise<import('./publish.mjs').PublishedFile>} */
export async function buildEmbed() {
  const result = /** @type {import('vite').Rollup.RollupOutput[]} */ (
    await build({
      configFile: false,
      root: repoPath('shared-utility'),
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      esbuild: { jsx: 'automatic' },
      build: {
        write: false,
        lib: { entry: 'src/embed/rc-uploader-embed.ts', formats: ['iife'], name: 'rcUploaderEmbed', fileName: () => 'rc-uploader.js' },
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    })
  );
  const chunks = result[0]?.output ?? [];
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk) throw new Error(`embed built to ${chunks.length} files; expected one`);
  const code = Buffer.from(chunk.code);
  const file = path.join(webRoot, 'embed/rc-uploader.js');
  const gzipped = gzipSync(code, { level: 9 });
  await writeAtomically(`${file}.gz`, gzipped);
  await writeAtomically(`${file}.br`, brotliCompressSync(code));
  await writeAtomically(file, code);
  return { url: '/embed/rc-uploader.js', bytes: code.length, gzipBytes: gzipped.length, written: true };
}
