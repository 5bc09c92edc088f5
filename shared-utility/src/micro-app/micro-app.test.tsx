import { Component, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, unmountAll } from '../screen-kit/test-render';
import { ChunkLoadError } from './lazy-component';
import { FeaturePagesApp, microAppLifecycles, screensApp } from './micro-app';
import type { ShellLocation, ShellProps } from './shell-props';

function fakeShell(initial: ShellLocation) {
  let location = initial;
  const listeners = new Set<() => void>();
  const route: ShellProps['route'] = {
    current: () => location,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    navigate: () => undefined,
  };
  const go = (next: ShellLocation) => {
    location = next;
    listeners.forEach((listener) => listener());
  };
  return { route, go };
}

afterEach(unmountAll);

const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));

const at = (path: string, title: string): ShellLocation => ({
  href: `http://portal${path}`,
  pathname: path,
  search: '',
  route: { entry: { path, title, purpose: `${title}的用途`, layout: 'account', owner: '@rc/mf-billing' }, params: {} },
});

describe('micro-app helpers', () => {
  it('mount the root component into the given element, follow navigation, and unmount', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    const { route, go } = fakeShell(at('/account/recharge', '充值'));
    const app = microAppLifecycles(FeaturePagesApp);
    const props = {
      route,
      errorBoundary: () => <p>boom</p>,
      name: '@rc/test',
      domElementGetter: () => element,
      singleSpa: {},
      mountParcel: () => undefined,
    };
    await app.bootstrap(props as never);
    await app.mount(props as never);
    expect(element.querySelector('.rc-page-title')?.textContent).toBe('充值');
    go(at('/account/order', '我的订单'));
    await rendered();
    expect(element.querySelector('.rc-page-title')?.textContent).toBe('我的订单');
    expect(element.querySelector('.rc-page-purpose')?.textContent).toBe('我的订单的用途');
    await app.unmount(props as never);
    expect(element.querySelector('.rc-page-title')).toBeNull();
  });
});

describe('a micro-app whose screens load lazily', () => {
  const ThingPage = () => <h1 className="rc-thing">东西</h1>;
  const shellProps = (path: string): ShellProps => ({ route: fakeShell(at(path, '东西')).route, errorBoundary: () => <p /> });

  it('shows the loader until the screen’s code arrives, then the screen', async () => {
    let arrive: (screen: typeof ThingPage) => void = () => undefined;
    const App = screensApp({ '/account/thing': () => new Promise((resolve) => (arrive = resolve)) });
    const host = render(<App {...shellProps('/account/thing')} />);
    expect(host.querySelector('.rc-screen-loading')).not.toBeNull();
    arrive(ThingPage);
    await vi.waitFor(() => expect(host.querySelector('.rc-thing')?.textContent).toBe('东西'));
    expect(host.querySelector('.rc-screen-loading')).toBeNull();
  });

  it('fails with a ChunkLoadError when the code does not arrive, and asks again on the next mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error the boundary catches
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce(ThingPage);
    const App = screensApp({ '/account/thing': load });
    const failures: Error[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError = () => ({ failed: true });
      override componentDidCatch(error: Error) {
        failures.push(error);
      }
      override render = () => (this.state.failed ? <p className="rc-failed" /> : this.props.children);
    }
    const failed = render(
      <Boundary>
        <App {...shellProps('/account/thing')} />
      </Boundary>,
    );
    await vi.waitFor(() => expect(failed.querySelector('.rc-failed')).not.toBeNull());
    expect(failures[0]).toBeInstanceOf(ChunkLoadError);
    expect(failures[0]?.message).toContain('Failed to fetch');

    const again = render(<App {...shellProps('/account/thing')} />);
    await vi.waitFor(() => expect(again.querySelector('.rc-thing')).not.toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('shows a screen whose code was preloaded at once, without the loader, having loaded it once', async () => {
    const load = vi.fn(async () => ThingPage);
    const App = screensApp({ '/account/thing': load });
    await App.preloadScreen('/account/thing');
    await App.preloadScreen('/account/other');
    const host = render(<App {...shellProps('/account/thing')} />);
    expect(host.querySelector('.rc-thing')?.textContent).toBe('东西');
    expect(host.querySelector('.rc-screen-loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a preload that failed, so the screen’s first render asks again and shows it', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce(ThingPage);
    const App = screensApp({ '/account/thing': load });
    await App.preloadScreen('/account/thing');
    expect(load).toHaveBeenCalledTimes(1);
    const host = render(<App {...shellProps('/account/thing')} />);
    await vi.waitFor(() => expect(host.querySelector('.rc-thing')).not.toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a screen that was shown while it loaded mounted, its state too, when the URL changes within its route', async () => {
    let mounts = 0;
    function Counter() {
      const [count, setCount] = useState<number>(() => ++mounts && 0);
      return (
        <button className="rc-count" onClick={() => setCount(count + 1)}>
          {count}
        </button>
      );
    }
    const App = screensApp({ '/account/thing': async () => Counter });
    const { route, go } = fakeShell(at('/account/thing', '东西'));
    const host = render(<App route={route} errorBoundary={() => <p />} />);
    await vi.waitFor(() => expect(host.querySelector('.rc-count')).not.toBeNull());
    host.querySelector<HTMLButtonElement>('.rc-count')!.click();
    await vi.waitFor(() => expect(host.querySelector('.rc-count')?.textContent).toBe('1'));
    go({ ...at('/account/thing', '东西'), href: 'http://portal/account/thing?page=2', search: '?page=2' });
    await rendered();
    expect(host.querySelector('.rc-count')?.textContent).toBe('1');
    expect(mounts).toBe(1);
  });
});
