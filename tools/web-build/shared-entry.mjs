// Entry code for a shared module. An ES package is re-exported as is. A CommonJS package (React)
// has no static exports for Rollup to see, so its named exports are listed from the installed
// package itself; `export *` would leave the module with a default export only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir, sharedDepsRequire as require } from './paths.mjs';
import { portalSources, semanticReactImports } from './portal-sources.mjs';

/** @param {string} specifier */
function packageOf(specifier) {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = ['.', ...parts.slice(nameLength)].join('/');
  const json = JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8'));
  return { json, subpath };
}

/** @param {string} specifier */
function hasEsmBuild(specifier) {
  const { json, subpath } = packageOf(specifier);
  const target = json.exports?.[subpath] ?? (subpath === '.' ? json.exports : undefined);
  if (target && typeof target === 'object') return JSON.stringify(target).match(/"(import|module)"/) !== null;
  return json.type === 'module' || (subpath === '.' && Boolean(json.module));
}

/** @param {string} specifier */
function commonJsKeys(specifier) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return Object.keys(require(specifier)).filter((key) => key !== 'default' && key !== '__esModule');
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/**
 * Vite plugin serving `entryId` as the entry module for `specifier`.
 * @param {string} specifier @param {string} entryId @returns {import('vite').Plugin}
 */
export function sharedEntryPlugin(specifier, entryId) {
  const quoted = JSON.stringify(specifier);
  return {
    name: 'rc-shared-entry',
    enforce: 'pre',
    resolveId: (id) => (id === entryId ? entryId : null),
    async load(id) {
      if (id !== entryId) return null;
      // semantic-ui-react as a whole is 74 KB gzip; the portal uses a third of it.
      if (specifier === 'semantic-ui-react')
        return `export { ${semanticReactImports(await portalSources()).join(', ')} } from ${quoted};\n`;
      if (!hasEsmBuild(specifier)) {
        const keys = commonJsKeys(specifier);
        return `import m from ${quoted};\nexport default m;\nexport const { ${keys.join(', ')} } = m;\n`;
      }
      const resolved = await this.resolve(specifier, entryId);
      if (!resolved) throw new Error(`${specifier} cannot be resolved`);
      const info = await this.load(resolved);
      const reexportDefault = info.exports?.includes('default') ? `export { default } from ${quoted};\n` : '';
      return `export * from ${quoted};\n${reexportDefault}`;
    },
  };
}
