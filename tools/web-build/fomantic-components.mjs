// The Fomantic UI components the portal ships, in the order of Fomantic's own semantic.css (later
// components override earlier ones). fomantic-components.test.ts fails when source uses a
// `ui <component>` class or a semantic-ui-react component whose styles are not in this list.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { packageDir } from './paths.mjs';
import { semanticReactImports } from './portal-sources.mjs';

export const fomanticComponentsDir = path.join(packageDir('fomantic-ui-css'), 'components');
const fomanticComponents = readdirSync(fomanticComponentsDir)
  .filter((name) => name.endsWith('.min.css'))
  .map((name) => name.replace('.min.css', ''));

export const shippedComponents = [
  'reset',
  'site',
  'button',
  'divider',
  'header',
  'icon',
  'image',
  'input',
  'label',
  'list',
  'loader',
  'segment',
  'step',
  'breadcrumb',
  'form',
  'menu',
  'message',
  'table',
  'card',
  'statistic',
  'checkbox',
  'dimmer',
  'dropdown',
  'modal',
  'popup',
  'progress',
  'transition',
];

/**
 * The Fomantic components each semantic-ui-react export renders (with its sub-components, such as
 * Form.Input or Dropdown.Menu). An export missing here fails the test until someone says what it needs.
 * @type {Record<string, string[]>}
 */
export const stylesOfReactComponent = {
  Breadcrumb: ['breadcrumb'],
  Button: ['button', 'icon', 'label'],
  Card: ['card', 'image'],
  Checkbox: ['checkbox'],
  Confirm: ['modal', 'dimmer', 'button'],
  Dimmer: ['dimmer'],
  Divider: ['divider'],
  Dropdown: ['dropdown', 'menu', 'transition', 'icon', 'label'],
  Form: ['form', 'input', 'checkbox', 'dropdown', 'button', 'message'],
  Header: ['header'],
  Icon: ['icon'],
  Image: ['image'],
  Input: ['input', 'icon', 'button', 'label'],
  Label: ['label', 'icon'],
  List: ['list'],
  Loader: ['loader'],
  Menu: ['menu'],
  Message: ['message', 'icon'],
  Modal: ['modal', 'dimmer', 'transition'],
  Pagination: ['menu', 'icon'],
  Popup: ['popup', 'transition'],
  Progress: ['progress'],
  Radio: ['checkbox'],
  Segment: ['segment'],
  Select: ['dropdown', 'transition'],
  Statistic: ['statistic'],
  Step: ['step', 'icon'],
  Table: ['table'],
  TextArea: ['form'],
};

/** The Fomantic components named by `ui …` class lists in `code` ("ui mini basic button" → button). @param {string} code */
export function componentsOfClassNames(code) {
  const lists = [...code.matchAll(/["'`]ui ([a-z -]+)["'`]/g)].map((m) => m[1] ?? '');
  return lists.flatMap((list) => list.split(/\s+/).filter((word) => fomanticComponents.includes(word)));
}

/**
 * The Fomantic components `sources` need, by `ui …` class lists and semantic-ui-react imports; a
 * semantic-ui-react export missing from stylesOfReactComponent is reported as `?<Name>`.
 * @param {{ code: string }[]} sources
 */
export function componentsUsedBy(sources) {
  const used = new Set(sources.flatMap(({ code }) => componentsOfClassNames(code)));
  for (const name of semanticReactImports(sources)) {
    for (const component of stylesOfReactComponent[name] ?? [`?${name}`]) used.add(component);
  }
  return used;
}
