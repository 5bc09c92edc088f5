// `npm run build:web` (part of `npm run build`): every in-browser module, the stylesheet and the page into dist/web/.
// New hashed files go in first; index.html and importmap.json are swapped in last.
import path from 'node:path';
import { buildApp } from './app-build.mjs';
import { buildEmbed } from './embed-build.mjs';
import { appModules, moduleNames, sharedModules } from './module-list.mjs';
import { renderPage } from './page.mjs';
import { publishPageScripts } from './page-scripts.mjs';
import { webRoot } from './paths.mjs';
import { publish, publishAs, writeAtomically } from './publish.mjs';
import { buildSharedModule } from './shared-build.mjs';
import { semanticReactClassWriting } from './semantic-class-words.mjs';
import { publishStylesheets } from './stylesheet.mjs';

/** @param {string} name @param {Record<string, string[]>} importsByName @returns {string[]} */
function staticClosure(name, importsByName, seen = new Set()) {
  if (seen.has(name) || !importsByName[name]) return [...seen];
  seen.add(name);
  for (const dependency of importsByName[name]) staticClosure(dependency, importsByName, seen);
  return [...seen];
}

/** @param {string} name @param {string} code */
function refuseOwnReact(name, code) {
  // React's internals object: a module carrying it would put a second React on the page.
  if (name !== 'react' && code.includes('ReactCurrentDispatcher:')) {
    throw new Error(`${name} bundles its own copy of React; import it as 'react' so the shared one is used`);
  }
}

const started = performance.now();
const pendingPageScripts = publishPageScripts();
/** @type {Record<string, import('./publish.mjs').PublishedFile>} */
const published = {};
/** The chunks of the @rc modules, by the file name their importers import them by. @type {Record<string, import('./publish.mjs').PublishedFile>} */
const publishedChunks = {};
/** The static imports of each module (by name) and each lazy chunk (by file name). @type {Record<string, string[]>} */
const imports = {};
const writes = [];
/** @type {Record<string, string[]>} */
const chunksOf = {};
/** The files a shared module was built from. @type {Record<string, string[]>} */
const sourceFilesOf = {};
for (const module of [...sharedModules, ...appModules]) {
  const built = await (module.shared ? buildSharedModule(module) : buildApp(module));
  refuseOwnReact(module.name, built.code);
  imports[module.name] = built.imports;
  writes.push(publish(module.fileStem, '.js', built.code).then((file) => (published[module.name] = file)));
  if ('sourceFiles' in built) sourceFilesOf[module.name] = built.sourceFiles;
  const chunks = 'chunks' in built ? built.chunks : [];
  chunksOf[module.name] = chunks.map((chunk) => chunk.fileName);
  for (const chunk of chunks) {
    refuseOwnReact(chunk.fileName, chunk.code);
    imports[chunk.fileName] = chunk.imports;
    writes.push(publishAs(chunk.fileName, chunk.code).then((file) => (publishedChunks[chunk.fileName] = file)));
  }
}
await Promise.all(writes);
const embed = await buildEmbed();
// semantic-ui-react writes class names of its own (`transition`, `four wide`): its source counts as a source.
const [{ stylesheet, appStylesheet }, pageScripts] = await Promise.all([
  publishStylesheets([await semanticReactClassWriting(sourceFilesOf['semantic-ui-react'] ?? [])]),
  pendingPageScripts,
]);

// depcache lets SystemJS fetch a module's static imports together with the module itself,
// instead of one round trip per level of the dependency tree.
/** @param {string} name a module's name or a lazy chunk's file name */
const urlOf = (name) => {
  const file = published[name] ?? publishedChunks[name];
  if (!file) throw new Error(`${name} was not built`);
  return file.url;
};
// A chunk is imported by its file name relative to its importer; SystemJS resolves depcache entries the same way.
/** @param {string} dependency */
const specifierOf = (dependency) => (publishedChunks[dependency] ? `./${dependency}` : dependency);
const importMap = {
  imports: Object.fromEntries(moduleNames.map((name) => [name, urlOf(name)])),
  depcache: Object.fromEntries(
    Object.entries(imports)
      .filter(([, dependencies]) => dependencies.length > 0)
      .map(([name, dependencies]) => [urlOf(name), dependencies.map(specifierOf)]),
  ),
};
const preloads = staticClosure('@rc/root-config', imports).map(urlOf);
await writeAtomically(path.join(webRoot, 'index.html'), await renderPage({ stylesheet, appStylesheet, ...pageScripts, preloads }));
await writeAtomically(path.join(webRoot, 'importmap.json'), `${JSON.stringify(importMap, null, 2)}\n`);

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
/** @typedef {[string, import('./publish.mjs').PublishedFile]} Row */
/** A module's row, then one for its lazy chunks together. @param {Row} row @returns {Row[]} */
const withChunks = ([name, file]) => {
  const chunks = (chunksOf[name] ?? []).map((fileName) => publishedChunks[fileName]).filter((chunk) => chunk !== undefined);
  if (chunks.length === 0) return [[name, file]];
  const sum = (/** @type {'bytes' | 'gzipBytes'} */ key) => chunks.reduce((total, chunk) => total + chunk[key], 0);
  const together = { url: '(beside it)', bytes: sum('bytes'), gzipBytes: sum('gzipBytes'), written: chunks.some((chunk) => chunk.written) };
  return [
    [name, file],
    [`  … ${chunks.length} chunks it loads`, together],
  ];
};
/** @type {Row[]} */
const rows = [
  ...Object.entries(published).flatMap(withChunks),
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
