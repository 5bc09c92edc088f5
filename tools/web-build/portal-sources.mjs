// The portal's in-browser sources (root config, shared utility, every micro-app; not their tests), read for what they use.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { repoPath } from './paths.mjs';

/** @returns {Promise<{ file: string, code: string }[]>} */
export async function portalSources() {
  const apps = (await readdir(repoPath('.'))).filter((name) => name.startsWith('mf-'));
  const folders = ['root-config', 'shared-utility', ...apps].map((name) => repoPath(name, 'src'));
  const entries = (await Promise.all(folders.map((folder) => readdir(folder, { withFileTypes: true, recursive: true })))).flat();
  // Test files never reach the browser: what their fixtures spell out is not something the portal ships.
  const files = entries
    .filter((e) => e.isFile() && /\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ file, code: await readFile(file, 'utf8') })));
}

/** The values the sources import from semantic-ui-react (type-only imports left out). @param {{ code: string }[]} sources */
export function semanticReactImports(sources) {
  const names = new Set();
  for (const { code } of sources) {
    for (const [, typeOnly, list = ''] of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'semantic-ui-react'/g)) {
      if (typeOnly) continue;
      for (const item of list.split(',').map((part) => part.trim())) {
        if (item && !item.startsWith('type ')) names.add(item.split(/\s+as\s+/)[0]);
      }
    }
  }
  return [...names].sort();
}
