// `npm run build:web` (part of `npm run build`): every in-browser module, the stylesheet and the page into dist/web/.
// New hashed files go in first; index.html and importmap.json are swapped in last.
import path from 'node:path';
import { buildApp } from './app-build.mjs';
import { buildEmbed } from './embed-build.mjs';
import { appModules, moduleNames, sharedModules } from './module-list.mjs';
import { renderPage } from './page.mjs';
import { publishPageScripts } from './page-scripts.mjs';
import { webRoot } from './paths.mjs';
import { publish, writeAtomically } from './publish.mjs';
import { buildSharedModule } from './shared-build.mjs';
import { publishStylesheets } from './stylesheet.mjs';

/** @param {string} name @param {Record<string, string[]>} importsByName @returns {string[]} */
function staticClosure(name, importsByName, seen = new Set()) {
  if (seen.has(name) || !importsByName[name]) return [...seen];
  seen.add(name);
  for (const dependency of importsByName[name]) staticClosure(dependency, importsByName, seen);
  return [...seen];
}

const started = performance.now();
const pendingPageScripts = publishPageScripts();
/** @type {Record<string, import('./publish.mjs').PublishedFile>} */
const published = {};
/** @type {Record<string, string[]>} */
const imports = {};
const writes = [];
/** @type {Record<string, string>} */
const codeOf = {};
for (const module of [...sharedModules, ...appModules]) {
  const { code, imports: staticImports } = await (module.shared ? buildSharedModule(module) : buildApp(module));
  // React's internals object: a module carrying it would put a second React on the page.
  if (module.name !== 'react' && code.includes('ReactCurrentDispatcher:')) {
    throw new Error(`${module.name} bundles its own copy of React; import it as 'react' so the shared one is used`);
  }
  imports[module.name] = staticImports;
  codeOf[module.name] = code;
  writes.push(publish(module.fileStem, '.js', code).then((file) => (published[module.name] = file)));
}
await Promise.all(writes);
const embed = await buildEmbed();
// semantic-ui-react writes class names of its own (`transition`, `four wide`): its built code counts as a source.
const [{ stylesheet, appStylesheet }, pageScripts] = await Promise.all([
  publishStylesheets([codeOf['semantic-ui-react'] ?? '']),
  pendingPageScripts,
]);

// depcache lets SystemJS fetch a module's static imports together with the module itself,
// instead of one round trip per level of the dependency tree.
/** @param {string} name */
const urlOf = (name) => {
  const file = published[name];
  if (!file) throw new Error(`${name} was not built`);
  return file.url;
};
const importMap = {
  imports: Object.fromEntries(moduleNames.map((name) => [name, urlOf(name)])),
  depcache: Object.fromEntries(moduleNames.filter((name) => (imports[name] ?? []).length > 0).map((name) => [urlOf(name), imports[name]])),
};
const preloads = staticClosure('@rc/root-config', imports).map(urlOf);
await writeAtomically(path.join(webRoot, 'index.html'), await renderPage({ stylesheet, appStylesheet, ...pageScripts, preloads }));
await writeAtomically(path.join(webRoot, 'importmap.json'), `${JSON.stringify(importMap, null, 2)}\n`);

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
/** @type {[string, import('./publish.mjs').PublishedFile][]} */
const rows = [
  ...Object.entries(published),
  ['(embed) <rc-uploader>', embed],
  ['(page) import-map-overrides', pageScripts.importMapOverrides],
  ['(page) … with its panel', pageScripts.importMapOverridesPanel],
  ['(page) systemjs', pageScripts.systemjs],
];
console.log(`${'module'.padEnd(30)}      KB  gzip KB  file`);
for (const [name, file] of rows) {
  console.log(`${name.padEnd(30)} ${kb(file.bytes)}  ${kb(file.gzipBytes)}  ${file.url}${file.written ? '' : ' (kept)'}`);
}
const totalGzip = rows.reduce((sum, [, file]) => sum + file.gzipBytes, 0);
console.log(`${'all JS'.padEnd(30)}          ${kb(totalGzip)}`);
console.log(`${'stylesheet'.padEnd(30)} ${kb(stylesheet.bytes)}  ${kb(stylesheet.gzipBytes)}  ${stylesheet.url}`);
console.log(`${'micro-apps stylesheet'.padEnd(30)} ${kb(appStylesheet.bytes)}  ${kb(appStylesheet.gzipBytes)}  ${appStylesheet.url}`);
console.log(`built dist/web in ${((performance.now() - started) / 1000).toFixed(1)} s`);
