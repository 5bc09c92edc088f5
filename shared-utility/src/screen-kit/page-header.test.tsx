import { Button } from 'semantic-ui-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screensApp, type ScreenProps } from '../micro-app/micro-app';
import type { RouteEntry, ShellLocation, ShellProps } from '../micro-app/shell-props';
import { PageHeader } from './page-header';
import { PageSection } from './page-section';
import { render, unmountAll } from './test-render';

afterEach(unmountAll);

const entry: RouteEntry = { path: '/account/thing', owner: '@rc/mf-console', title: '东西', purpose: '管理我的东西。', layout: 'account' };

function shellAt(path: string): ShellProps {
  const location: ShellLocation = { href: `http://portal${path}`, pathname: path, search: '', route: { entry, params: {} } };
  return { route: { current: () => location, subscribe: () => () => undefined, navigate: () => undefined }, errorBoundary: () => <p /> };
}

function ThingPage(_: ScreenProps) {
  return (
    <PageSection className="rc-thing">
      <PageHeader subject="东西「甲」">
        <Button>新建</Button>
      </PageHeader>
    </PageSection>
  );
}

describe('PageHeader', () => {
  it('reads the title and purpose from the route entry the micro-app received', async () => {
    const App = screensApp({ '/account/thing': async () => ThingPage });
    const host = render(<App {...shellAt('/account/thing')} />);
    await vi.waitFor(() => expect(host.querySelector('section.rc-page.rc-thing')).not.toBeNull());
    expect(host.querySelector('section.rc-page.rc-thing .rc-page-title')?.textContent).toBe('东西');
    expect(host.querySelector('.rc-page-purpose')?.textContent).toBe('东西「甲」：管理我的东西。');
    expect(host.querySelector('.rc-page-header > button')?.textContent).toBe('新建');
  });
});
