import { screensApp, type Screens } from '@rc/shared-utility';
import { AppCentrePage } from './app-centre/app-centre-page';
import { MyAppsPage } from './app-centre/my-apps-page';
import { AppReviewPage } from './app-centre/app-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/appCenter': AppCentrePage,
  '/account/app': MyAppsPage,
  '/account/review/app': AppReviewPage,
};

export const App = screensApp(screens);
