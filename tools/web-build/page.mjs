// Renders dist/web/index.html from root-config/index.html: hashed URLs for the stylesheets and the
// page scripts, preloads for the modules the first page needs, and the override guard inlined so it runs before anything reads localStorage.
import { readFile } from 'node:fs/promises';
import { repoPath } from './paths.mjs';

/** @typedef {import('./publish.mjs').PublishedFile} PublishedFile */

/** @param {{ stylesheet: PublishedFile, appStylesheet: PublishedFile, importMapOverrides: PublishedFile, importMapOverridesPanel: PublishedFile, systemjs: PublishedFile, preloads: string[] }} files */
export async function renderPage({ stylesheet, appStylesheet, importMapOverrides, importMapOverridesPanel, systemjs, preloads }) {
  const template = await readFile(repoPath('root-config/index.html'), 'utf8');
  const guard = await readFile(new URL('./browser/override-guard.js', import.meta.url), 'utf8');
  /** @type {Record<string, string>} */
  const values = {
    RC_STYLESHEET: stylesheet.url,
    RC_APP_STYLESHEET: appStylesheet.url,
    RC_OVERRIDE_GUARD: guard.trim(),
    RC_IMPORT_MAP_OVERRIDES: importMapOverrides.url,
    RC_IMPORT_MAP_OVERRIDES_PANEL: importMapOverridesPanel.url,
    RC_SYSTEMJS: systemjs.url,
    RC_MODULE_PRELOADS: preloads.map((url) => `<link rel="preload" as="script" href="${url}" />`).join('\n    '),
  };
  return template.replace(/%(RC_[A-Z_]+)%/g, (token, /** @type {string} */ key) => {
    const value = values[key];
    if (value === undefined) throw new Error(`root-config/index.html: unknown placeholder ${token}`);
    return value;
  });
}
