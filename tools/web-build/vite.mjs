// The root node_modules holds Vite 8 (pulled in by vitest), which cannot emit SystemJS.
// The portal is built with the Vite 7 installed in the shared-deps workspace.
import { pathToFileURL } from 'node:url';
import { sharedDepsRequire } from './paths.mjs';

const vite = await import(pathToFileURL(sharedDepsRequire.resolve('vite')).href);

if (!vite.version.startsWith('7.')) {
  throw new Error(`Vite 7 expected for SystemJS output, found ${vite.version}`);
}

export const { build, version } = vite;
