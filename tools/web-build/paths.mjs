import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** @param {string[]} parts */
export const repoPath = (...parts) => path.join(repoRoot, ...parts);
export const webRoot = repoPath('dist/web');
export const modulesDir = repoPath('dist/web/modules');

/** Resolves packages as the shared-deps workspace sees them (it declares every browser dependency). */
export const sharedDepsRequire = createRequire(repoPath('shared-deps/package.json'));

/** The installed folder of a package, even one whose `exports` hide its package.json. @param {string} name */
export function packageDir(name) {
  const found = (sharedDepsRequire.resolve.paths(name) ?? []).find((dir) => existsSync(path.join(dir, name, 'package.json')));
  if (!found) throw new Error(`${name} is not installed`);
  return path.join(found, name);
}
