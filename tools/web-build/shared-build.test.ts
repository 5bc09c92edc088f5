import { describe, expect, it } from 'vitest';
import { sharedModules } from './module-list.mjs';
import { buildSharedModule } from './shared-build.mjs';

const shared = (name: string) => {
  const module = sharedModules.find((m) => m.name === name);
  if (!module) throw new Error(`${name} is not a shared module`);
  return buildSharedModule(module);
};

describe('shared modules', () => {
  it('gives CommonJS React its named exports, in production mode', async () => {
    const react = await shared('react');
    expect(react.code).toContain('ReactCurrentDispatcher:');
    expect(react.code).toMatch(/^System\.register\(\[\]/);
    expect(react.code).toMatch(/useState:\w+,/);
    expect(react.code).toContain('"default"');
    expect(react.code).toContain('act(...) is not supported in production builds of React.');
  });

  it('loads React from the import map instead of bundling it', async () => {
    for (const name of ['react-dom', 'react/jsx-runtime', 'semantic-ui-react', '@nanostores/react']) {
      const { code, imports } = await shared(name);
      expect(imports, name).toContain('react');
      // React's own internals object; any module containing it carries a second React.
      expect(code, name).not.toContain('ReactCurrentDispatcher:');
    }
    expect((await shared('react-dom/client')).imports).toEqual(['react-dom']);
  }, 30_000);
});
