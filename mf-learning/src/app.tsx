import { screensApp, type Screens } from '@rc/shared-utility';
import { CourseDetailPage } from './course/course-detail-page';
import { CourseListPage } from './course/course-list-page';
import { MyCoursesPage } from './course/my-courses-page';
import { LearnPage } from './learn/learn-page';
import { CourseReviewPage } from './review/course-review-page';
import { CourseFormPage } from './teach/course-form-page';
import { CourseOutlinePage } from './teach/course-outline-page';
import { TeachingCoursesPage } from './teach/teaching-courses-page';
import { VodPage } from './vod/vod-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/resource': CourseListPage,
  '/resource/detail/:id?': CourseDetailPage,
  '/preview/resource/:id?': LearnPage,
  '/account/course': MyCoursesPage,
  '/account/vod': VodPage,
  '/account/resource': TeachingCoursesPage,
  '/account/resource/add': CourseFormPage,
  '/account/resource/period': CourseOutlinePage,
  '/account/review/course': CourseReviewPage,
};

export const App = screensApp(screens);
