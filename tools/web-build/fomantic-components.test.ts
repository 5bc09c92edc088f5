import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedComponents, stylesOfReactComponent } from './fomantic-components.mjs';
import { packageDir } from './paths.mjs';
import { portalSources, semanticReactImports } from './portal-sources.mjs';
import { classWordsOf, withoutUnusedRules } from './stylesheet.mjs';

const fomanticComponents = readdirSync(`${packageDir('fomantic-ui-css')}/components`)
  .filter((name) => name.endsWith('.min.css'))
  .map((name) => name.replace('.min.css', ''));

/** The Fomantic components named by `ui …` class lists in the sources ("ui mini basic button" → button). */
function componentsOfClassNames(code: string): string[] {
  const lists = [...code.matchAll(/["'`]ui ([a-z -]+)["'`]/g)].map((m) => m[1] ?? '');
  return lists.flatMap((list) => list.split(/\s+/).filter((word) => fomanticComponents.includes(word)));
}

describe('the Fomantic components the portal ships', () => {
  it('cover every `ui <component>` class and every semantic-ui-react component the sources use', async () => {
    const sources = await portalSources();
    const missing = new Set<string>();
    for (const { file, code } of sources) {
      for (const component of componentsOfClassNames(code)) {
        if (!shippedComponents.includes(component)) missing.add(`${component} (class in ${file})`);
      }
    }
    for (const name of semanticReactImports(sources)) {
      const styles = stylesOfReactComponent[name];
      if (!styles) missing.add(`semantic-ui-react ${name}: say which components it needs in stylesOfReactComponent`);
      for (const component of styles ?? []) {
        if (!shippedComponents.includes(component)) missing.add(`${component} (for semantic-ui-react ${name})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('recognises a screen that uses a component not shipped', () => {
    expect(componentsOfClassNames(`<div className="ui mini accordion">`)).toEqual(['accordion']);
    expect(shippedComponents).not.toContain('accordion');
  });

  it('keeps every shipped component a real Fomantic component, in Fomantic order', () => {
    for (const component of shippedComponents) expect(fomanticComponents).toContain(component);
  });
});

describe('rules for variations no source writes', () => {
  const css = '.ui.button{a:1}.ui.red.button{b:2}.ui.olive.button,.ui.red.basic.button{c:3}.ui.button:not(.olive){d:4}[class*="olive wide"].column{e:5}@media (max-width:1px){.ui.olive.button{f:6}}';

  it('are left out; the others kept', () => {
    const words = new Set(['ui', 'button', 'red', 'basic', 'column', 'wide']);
    expect(withoutUnusedRules(css, words)).toBe('.ui.button{a:1}.ui.red.button{b:2}.ui.red.basic.button{c:3}.ui.button:not(.olive){d:4}');
  });

  it('counts string literals, JSX attribute names and object keys as class words, not comments', () => {
    const words = classWordsOf(`// olive\n<Button basic color="red" icon={open ? 'angle up' : "angle down"} />; const p = { compact: true };`);
    expect(words).toEqual(expect.arrayContaining(['basic', 'red', 'angle', 'up', 'down', 'compact']));
    expect(words).not.toContain('olive');
  });
});
