// @rc/mf-billing: recharge, orders, bills, invoices and withdrawals, as a single-spa application.
import { microAppLifecycles } from '@rc/shared-utility';
import { App } from './app';

export const { bootstrap, mount, unmount, preloadScreen } = microAppLifecycles(App);
