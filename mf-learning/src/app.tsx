import { screensApp, type Screens } from '@rc/shared-utility';
import { AppCentrePage } from './app-centre/app-centre-page';
import { MyAppsPage } from './app-centre/my-apps-page';
import { AppReviewPage } from './app-centre/app-review-page';
import { ChannelPage } from './live/channel-page';
import { LivePage } from './live/live-page';
import { TeacherPage } from './teacher/teacher-page';
import { TeacherReviewPage } from './teacher/teacher-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/appCenter': AppCentrePage,
  '/account/app': MyAppsPage,
  '/account/review/app': AppReviewPage,
  '/account/teacher': TeacherPage,
  '/account/review/teacher': TeacherReviewPage,
  '/account/live': LivePage,
  '/account/channel': ChannelPage,
};

export const App = screensApp(screens);
