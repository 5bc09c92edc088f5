// The root importmap.json is the list of in-browser modules. Its values point at each module's
// source: an installed package (a shared module built from node_modules) or an app's entry file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from './paths.mjs';

/**
 * @typedef {object} PortalModule
 * @property {string} name
 * @property {boolean} shared
 * @property {string} entry
 * @property {string} workspace the app's workspace folder; '' for a shared module
 * @property {string} fileStem
 */

/** @type {Record<string, string>} */
const sourceMap = JSON.parse(readFileSync(repoPath('importmap.json'), 'utf8')).imports;

/** @type {PortalModule[]} */
const entries = Object.entries(sourceMap).map(([name, source]) => {
  const shared = source.startsWith('./node_modules/');
  return {
    name,
    shared,
    entry: repoPath(source),
    workspace: shared ? '' : (source.split('/')[1] ?? ''),
    fileStem: name.replace(/^@/, '').replace(/\//g, '-'),
  };
});

export const moduleNames = entries.map((m) => m.name);
export const sharedModules = entries.filter((m) => m.shared);
export const appModules = entries.filter((m) => !m.shared);

/** @param {string} id */
export const isExternal = (id) => moduleNames.includes(id) || id.startsWith('@rc/');

/** @param {string} nameOrWorkspace */
export function appModule(nameOrWorkspace) {
  const found = appModules.find((m) => m.name === nameOrWorkspace || m.workspace === nameOrWorkspace);
  if (!found) throw new Error(`Unknown app "${nameOrWorkspace}"; known: ${appModules.map((m) => m.workspace).join(', ')}`);
  return found;
}

/** @param {PortalModule} m */
export const relativeEntry = (m) => path.relative(repoPath(m.workspace), m.entry);
