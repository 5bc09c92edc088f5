// The portal's stylesheet: the Fomantic UI components it uses (fomantic-components.mjs; Fomantic bundles
// Lato, no Google Fonts import) with its fonts published under hashed names and a CJK font stack after
// Lato, so Chinese text uses a CJK face everywhere. Rules for variations no source can produce (a colour,
// size or icon name that appears in no portal source and no class name semantic-ui-react writes) are left
// out; the server sends no class names, icons or colours.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postcss from 'postcss';
import { componentsUsedBy, fomanticComponentsDir, shippedComponents } from './fomantic-components.mjs';
import { portalSources } from './portal-sources.mjs';
import { publish } from './publish.mjs';

const fomanticStack = 'font-family:Lato,system-ui,';
const portalStack = 'font-family:Lato,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,';
const comments = /\/\*[\s\S]*?\*\/|(?<![:\\])\/\/.*$/gm;
const stringLiterals = /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g;
const jsxAttributes = /<[A-Z][\w.]*((?:[^<>]|=>)*?)\/?>/g;
const objectKeys = /\b([a-z][a-zA-Z]*)\s*:/g;

/**
 * The words a source can put into a class list: those of its string literals (`color="red"`,
 * `icon: 'server'`), its JSX attribute names (`<Button basic>`) and object keys (`{ basic: true }`).
 * @param {string} code
 */
export function classWordsOf(code) {
  const text = code.replace(comments, '');
  const words = (/** @type {string} */ part) => part.match(/[A-Za-z][\w-]*/g) ?? [];
  return [
    ...[...text.matchAll(stringLiterals)].flatMap((m) => words(m[1] ?? m[2] ?? m[3] ?? '')),
    ...[...text.matchAll(jsxAttributes)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/\s([a-z][a-zA-Z]*)(?=[=\s/]|$)/g)].map((a) => a[1] ?? ''),
    ),
    ...[...text.matchAll(objectKeys)].map((m) => m[1] ?? ''),
  ];
}

const negations = /:not\((?:[^()]|\([^()]*\))*\)/g;
/** @param {string} selector @param {Set<string>} words */
function canMatch(selector, words) {
  const positive = selector.replace(negations, '');
  if (/:(is|where|has)\(/.test(positive)) return true;
  const classes = [...positive.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
  const partials = [...positive.matchAll(/\[class[*~^$|]?=["']([^"']+)["']\]/g)].flatMap((m) => (m[1] ?? '').trim().split(/\s+/));
  return [...classes, ...partials].every((name) => words.has(name));
}

/** Drops the rules none of whose selectors can match a class list built from `words`. @param {string} css @param {Set<string>} words */
export function withoutUnusedRules(css, words) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    const kept = rule.selectors.filter((selector) => canMatch(selector, words));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

/** @param {string} css */
async function publishFonts(css) {
  // Component files refer to their assets as ../themes/...; resolved from the components folder.
  const relativeUrls = new Map(
    [...css.matchAll(/url\((["']?)(?!data:|https?:|\/\/|#)([^)"']+)\1\)/g)].map((m) => /** @type {const} */ ([m[0], m[2] ?? ''])),
  );
  let published = css;
  for (const [reference, source] of relativeUrls) {
    const extension = path.extname(source);
    const asset = await publish(
      `assets/${path.basename(source, extension)}`,
      extension,
      await readFile(path.join(fomanticComponentsDir, source)),
    );
    published = published.replaceAll(reference, `url(${asset.url})`);
  }
  return published;
}

/** @param {string[]} components @param {Set<string>} words */
async function stylesheetOf(components, words) {
  const parts = await Promise.all(components.map((name) => readFile(path.join(fomanticComponentsDir, `${name}.min.css`), 'utf8')));
  return publishFonts(withoutUnusedRules(parts.join('\n'), words).replaceAll(fomanticStack, portalStack));
}

/**
 * Two stylesheets: the page's, with the components the root config and the shared utility use (the
 * first paint needs no other), and the micro-apps' other components, which the root config adds
 * when it loads the first micro-app.
 * @param {string[]} classWriters built code that writes class names (semantic-ui-react's module)
 */
export async function publishStylesheets(classWriters) {
  const sources = await portalSources();
  const words = new Set([...sources.map((source) => source.code), ...classWriters].flatMap(classWordsOf));
  const shell = componentsUsedBy(sources.filter(({ file }) => /[\\/](root-config|shared-utility)[\\/]/.test(file)));
  const onPage = shippedComponents.filter((name) => name === 'reset' || name === 'site' || shell.has(name));
  const css = await stylesheetOf(onPage, words);
  if (!css.includes(portalStack)) throw new Error(`fomantic-ui-css no longer declares "${fomanticStack}"`);
  const forApps = await stylesheetOf(
    shippedComponents.filter((name) => !onPage.includes(name)),
    words,
  );
  return { stylesheet: await publish('fomantic', '.css', css), appStylesheet: await publish('fomantic-apps', '.css', forApps) };
}
