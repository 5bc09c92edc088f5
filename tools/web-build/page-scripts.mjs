// The classic scripts the page loads before any module: import-map-overrides (its API, or with its panel) and SystemJS.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageDir } from './paths.mjs';
import { publish } from './publish.mjs';

/** @param {string} stem @param {string} name @param {string} file */
const publishScript = async (stem, name, file) => publish(stem, '.js', await readFile(path.join(packageDir(name), file)));

export const publishPageScripts = async () => ({
  importMapOverrides: await publishScript('import-map-overrides-api', 'import-map-overrides', 'dist/import-map-overrides-api.js'),
  importMapOverridesPanel: await publishScript('import-map-overrides', 'import-map-overrides', 'dist/import-map-overrides.js'),
  systemjs: await publishScript('systemjs', 'systemjs', 'dist/s.min.js'),
});
