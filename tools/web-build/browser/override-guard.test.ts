import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const guardSource = readFileSync(new URL('./override-guard.js', import.meta.url), 'utf8');

function runGuard(entries: Record<string, string>, { allowlist = '', page = 'https://suanli.example.com/account' } = {}) {
  const store = new Map(Object.entries(entries));
  const localStorage = {
    get length() {
      return store.size;
    },
    key: (i: number) => [...store.keys()][i] ?? null,
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const warn = vi.fn();
  const window = {
    document: { querySelector: () => ({ content: allowlist }) },
    location: { href: page },
    localStorage,
    console: { warn },
  };
  new Function('window', guardSource)(window);
  return { store: Object.fromEntries(store), warnings: warn.mock.calls.map(([message]) => String(message)) };
}

describe('override guard', () => {
  it('keeps overrides served from localhost or 127.0.0.1 on any port by default', () => {
    const { store, warnings } = runGuard({
      'import-map-override:@rc/mf-console': 'http://localhost:18100/rc-mf-console.js',
      'import-map-override:@rc/mf-storage': '//127.0.0.1:9000/rc-mf-storage.js',
    });
    expect(Object.keys(store)).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('drops an override from any other origin, saying why', () => {
    const { store, warnings } = runGuard({
      'import-map-override:@rc/mf-billing': 'https://evil.example.net/steal.js',
      'import-map-override:react': '/modules/react.old.js',
      'import-map-override:@rc/mf-learning': 'javascript:alert(1)',
      RC_WEB_TOKEN: '"abc"',
    });
    expect(store).toEqual({ RC_WEB_TOKEN: '"abc"' });
    expect(warnings[0]).toContain('import-map-override:@rc/mf-billing = https://evil.example.net/steal.js');
    expect(warnings[0]).toContain('origin https://evil.example.net is not in the override allowlist (localhost, 127.0.0.1)');
    expect(warnings[1]).toContain('origin https://suanli.example.com is not in the override allowlist');
    expect(warnings[2]).toContain('only http(s) URLs are allowed');
  });

  it('uses the allowlist from the meta element, with host:port entries matching one port only', () => {
    const { store } = runGuard(
      {
        'import-map-override:@rc/mf-console': 'https://dev.example.com:8443/rc-mf-console.js',
        'import-map-override:@rc/mf-storage': 'https://dev.example.com/rc-mf-storage.js',
        'import-map-override:@rc/mf-billing': 'http://localhost:18100/rc-mf-billing.js',
      },
      { allowlist: 'dev.example.com:8443' },
    );
    expect(Object.keys(store)).toEqual(['import-map-override:@rc/mf-console']);
  });

  it('filters external override maps and refuses CDN development libraries', () => {
    const { store, warnings } = runGuard({
      'import-map-overrides-external-maps': JSON.stringify(['http://localhost:18100/map.json', 'https://cdn.example.org/map.json']),
      'import-map-overrides-dev-libs': 'true',
    });
    expect(store).toEqual({ 'import-map-overrides-external-maps': '["http://localhost:18100/map.json"]' });
    expect(warnings).toHaveLength(2);
  });
});
