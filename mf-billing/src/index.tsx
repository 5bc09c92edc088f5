// @rc/mf-billing: recharge, orders, bills, invoices and withdrawals, as a single-spa application.
import { FeaturePagesApp, microAppLifecycles } from '@rc/shared-utility';

export const { bootstrap, mount, unmount } = microAppLifecycles(FeaturePagesApp);
