import { screensApp, type Screens } from '@rc/shared-utility';
import { RechargePage } from './recharge/recharge-page';
import { RechargeReviewPage } from './review/recharge-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/recharge': RechargePage,
  '/account/review/recharge': RechargeReviewPage,
};

export const App = screensApp(screens);
