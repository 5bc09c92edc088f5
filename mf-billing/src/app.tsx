import { screensApp, type Screens } from '@rc/shared-utility';
import { EarningsPage } from './earnings/earnings-page';
import { DrawMoneyPage } from './earnings/draw-money-page';
import { WithdrawalReviewPage } from './review/withdrawal-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/earnings': EarningsPage,
  '/account/draw_money': DrawMoneyPage,
  '/account/review/withdrawal': WithdrawalReviewPage,
};

export const App = screensApp(screens);
