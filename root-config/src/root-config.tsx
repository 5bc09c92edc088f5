// Placeholder root config until the shell arrives: one app per path prefix.
import { registerApplication, start } from 'single-spa';

const apps: Array<[name: string, prefixes: string[]]> = [
  ['@rc/mf-storage', ['/account/netDisk', '/account/fileStorage', '/account/fileDisk']],
  ['@rc/mf-billing', ['/account/recharge', '/account/order', '/account/billDetails', '/account/invoice']],
  ['@rc/mf-community', ['/blog', '/question', '/imageCommunity']],
  ['@rc/mf-learning', ['/grade', '/resource', '/account/course']],
];
const claimed = apps.flatMap(([, prefixes]) => prefixes);

for (const [name, prefixes] of apps) {
  registerApplication({ name, app: () => import(/* @vite-ignore */ name), activeWhen: prefixes });
}
registerApplication({
  name: '@rc/mf-console',
  app: () => import('@rc/mf-console'),
  activeWhen: (location) =>
    location.pathname.startsWith('/account') && !claimed.some((p) => location.pathname.startsWith(p)),
});

start();
