import { screensApp, type Screens } from '@rc/shared-utility';
import { CourseDetailPage } from './course/course-detail-page';
import { CourseListPage } from './course/course-list-page';
import { MyCoursesPage } from './course/my-courses-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/resource': CourseListPage,
  '/resource/detail/:id?': CourseDetailPage,
  '/account/course': MyCoursesPage,
};

export const App = screensApp(screens);
