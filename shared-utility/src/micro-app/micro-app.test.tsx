import { describe, expect, it } from 'vitest';
import { FeaturePagesApp, microAppLifecycles } from './micro-app';
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
