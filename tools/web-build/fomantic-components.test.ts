import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { componentsOfClassNames, componentsUsedBy, fomanticComponentsDir, shippedComponents } from './fomantic-components.mjs';
import { portalSources } from './portal-sources.mjs';
import { classWordsOf, withoutUnusedRules } from './stylesheet.mjs';

describe('the Fomantic components the portal ships', () => {
  it('cover every `ui <component>` class and every semantic-ui-react component the sources use', async () => {
    const sources = await portalSources();
    const missing = [...componentsUsedBy(sources)].filter((component) => !shippedComponents.includes(component));
    // A `?Name` is a semantic-ui-react export whose components stylesOfReactComponent does not list yet.
    expect(missing).toEqual([]);
  });

  it('recognise a screen that uses a component not shipped', () => {
    const screen = { code: `import { Accordion, Button } from 'semantic-ui-react';\n<div className="ui mini rating">` };
    expect(componentsOfClassNames(screen.code)).toEqual(['rating']);
    expect([...componentsUsedBy([screen])].filter((component) => !shippedComponents.includes(component))).toEqual(['rating', '?Accordion']);
  });

  it('are real Fomantic components', () => {
    const available = readdirSync(fomanticComponentsDir);
    for (const component of shippedComponents) expect(available).toContain(`${component}.min.css`);
  });
});

describe('rules for variations no source writes', () => {
  const css =
    '.ui.button{a:1}.ui.red.button{b:2}.ui.olive.button,.ui.red.basic.button{c:3}.ui.button:not(.olive){d:4}[class*="olive wide"].column{e:5}@media (max-width:1px){.ui.olive.button{f:6}}';

  it('are left out; the others kept', () => {
    const words = new Set(['ui', 'button', 'red', 'basic', 'column', 'wide']);
    expect(withoutUnusedRules(css, words)).toBe('.ui.button{a:1}.ui.red.button{b:2}.ui.red.basic.button{c:3}.ui.button:not(.olive){d:4}');
  });

  it('count string literals, JSX attribute names and object keys as class words, not comments', () => {
    const words = classWordsOf(
      `// olive\n<Button basic color="red" icon={open ? 'angle up' : "angle down"} />; const p = { compact: true };`,
    );
    expect(words).toEqual(expect.arrayContaining(['basic', 'red', 'angle', 'up', 'down', 'compact']));
    expect(words).not.toContain('olive');
  });
});
