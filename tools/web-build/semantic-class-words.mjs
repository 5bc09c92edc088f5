// The class names semantic-ui-react may write on its own, as source text for `classWordsOf`. A class it
// writes only when given a prop of that name (`useKeyOnly(inverted, 'inverted')`) or that value
// (`inverted: dimmer === 'inverted'`) is left out: the source that passes the prop spells the word itself.
// Its prop lists (handledProps, propTypes) name every variation and are left out too.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageDir } from './paths.mjs';

const propClassCall = /\buse(?:KeyOnly|ValueAndKey|KeyOrValueAndKey|MultipleProp)\((\w+), '([\w-]+)'\)/g;
const propValueKey = /\b(\w+): \w+ === '(\w+)'/g;
const propLists = [/\.handledProps = \[[^\]]*\];/g, /\.propTypes = process\.env\.NODE_ENV !== "production" \? \{[\s\S]*?\} : \{\};/g];

/** One module of semantic-ui-react's ES build, less what only a prop of the portal can make it write. @param {string} code */
export function classWritingOf(code) {
  const fromProps = (/** @type {string} */ name) => new RegExp(`\\b${name} = (?:_this\\$props\\d*|props)\\.${name}\\b`).test(code);
  return propLists
    .reduce((text, list) => text.replace(list, ''), code)
    .replace(propClassCall, (call, name, word) => (name === word && fromProps(name) ? '' : call))
    .replace(propValueKey, (pair, key, value) => (key === value ? '' : pair));
}

/**
 * The modules of semantic-ui-react's ES build that the portal's build of it bundled, as `classWritingOf` leaves them.
 * @param {string[]} bundled the source files of the built shared module
 */
export async function semanticReactClassWriting(bundled) {
  const esBuild = path.join(packageDir('semantic-ui-react'), 'dist', 'es') + path.sep;
  const files = bundled.filter((file) => file.startsWith(esBuild));
  if (files.length === 0) throw new Error(`semantic-ui-react's build bundled nothing from ${esBuild}`);
  const modules = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  return modules.map(classWritingOf).join('\n');
}
