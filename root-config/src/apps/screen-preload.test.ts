import { $token } from '@rc/shared-utility';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadShellPage } from '../shell/shell-page';
import { preloadMicroApp } from './app-loader';
import { hoverIntentMs, preloadLinkedPages } from './screen-preload';

vi.mock('./app-loader', () => ({ preloadMicroApp: vi.fn() }));
vi.mock('../shell/shell-page', () => ({ preloadShellPage: vi.fn() }));

const preloadScreen = vi.fn(async (_pattern: string) => undefined);
const connection: { saveData?: boolean } = {};

function link(href: string): HTMLAnchorElement {
  const anchor = Object.assign(document.createElement('a'), { href });
  anchor.innerHTML = '<span class="icon"></span><span class="text">实例</span>';
  document.body.append(anchor);
  return anchor;
}
const pointer = (type: 'pointerover' | 'pointerout', target: Element, relatedTarget: Element | null = null) =>
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget }));
const preloaded = () => ({
  apps: vi.mocked(preloadMicroApp).mock.calls.map(([name]) => name),
  screens: preloadScreen.mock.calls.map(([pattern]) => pattern),
});
const screenPreloaded = () => vi.waitFor(() => expect(preloadScreen).toHaveBeenCalled());

beforeAll(() => {
  Object.defineProperty(navigator, 'connection', { value: connection });
  preloadLinkedPages();
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(preloadMicroApp).mockResolvedValue({ preloadScreen } as never);
  $token.set('a-token');
  connection.saveData = false;
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  document.body.replaceChildren();
});

describe('fetching the page a link opens before it is clicked', () => {
  it('fetches the micro-app and its screen once the pointer has rested on the link', async () => {
    const toInstances = link('/account/instanceManage/monitor?id=3');
    pointer('pointerover', toInstances.querySelector('.text')!);
    vi.advanceTimersByTime(hoverIntentMs - 1);
    pointer('pointerout', toInstances.querySelector('.text')!, toInstances.querySelector('.icon'));
    pointer('pointerover', toInstances.querySelector('.icon')!);
    expect(preloadMicroApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await screenPreloaded();
    expect(preloaded()).toEqual({ apps: ['@rc/mf-console'], screens: ['/account/instanceManage/monitor'] });
  });

  it('fetches nothing for a link the pointer only passes over', async () => {
    const passed = link('/account/instanceManage');
    pointer('pointerover', passed);
    vi.advanceTimersByTime(hoverIntentMs - 1);
    pointer('pointerout', passed, document.body);
    vi.advanceTimersByTime(hoverIntentMs);
    expect(preloaded()).toEqual({ apps: [], screens: [] });
  });

  it('fetches at once for a link the keyboard focuses, and a root-config page through the shell', async () => {
    link('/account/order').focus();
    link('/login?t=login').focus();
    vi.useRealTimers();
    await screenPreloaded();
    expect(preloaded()).toEqual({ apps: ['@rc/mf-billing'], screens: ['/account/order'] });
    expect(preloadShellPage).toHaveBeenCalledWith('/login');
  });

  it('fetches nothing for another site, an unknown route, the console when signed out, or on a save-data connection', async () => {
    link('https://example.com/account/home').focus();
    link('/no/such/page').focus();
    $token.set(null);
    link('/account/home').focus();
    $token.set('a-token');
    connection.saveData = true;
    link('/account/instanceManage').focus();
    expect(preloaded()).toEqual({ apps: [], screens: [] });
    expect(preloadShellPage).not.toHaveBeenCalled();
  });
});
