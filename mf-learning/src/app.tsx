import { screensApp, type Screens } from '@rc/shared-utility';
import { LearnPage } from './learn/learn-page';
import { CourseReviewPage } from './review/course-review-page';
import { CourseFormPage } from './teach/course-form-page';
import { CourseOutlinePage } from './teach/course-outline-page';
import { MyCoursesPage } from './teach/my-courses-page';
import { VodPage } from './vod/vod-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/preview/resource/:id?': LearnPage,
  '/account/vod': VodPage,
  '/account/resource': MyCoursesPage,
  '/account/resource/add': CourseFormPage,
  '/account/resource/period': CourseOutlinePage,
  '/account/review/course': CourseReviewPage,
};

export const App = screensApp(screens);
