import { screensApp, type Screens } from '@rc/shared-utility';
import { AppCentrePage } from './app-centre/app-centre-page';
import { MyAppsPage } from './app-centre/my-apps-page';
import { AppReviewPage } from './app-centre/app-review-page';
import { CourseDetailPage } from './course/course-detail-page';
import { CourseListPage } from './course/course-list-page';
import { MyCoursesPage } from './course/my-courses-page';
import { GradingPage } from './grading/grading-page';
import { ResultPage } from './grading/result-page';
import { ExamPage } from './exam-taking/exam-page';
import { LearnPage } from './learn/learn-page';
import { ExamsPage } from './exam-admin/exams-page';
import { ChannelPage } from './live/channel-page';
import { LivePage } from './live/live-page';
import { QuestionBankPage } from './question-bank/question-bank-page';
import { CourseReviewPage } from './review/course-review-page';
import { CourseFormPage } from './teach/course-form-page';
import { CourseOutlinePage } from './teach/course-outline-page';
import { TeachingCoursesPage } from './teach/teaching-courses-page';
import { TeacherPage } from './teacher/teacher-page';
import { TeacherReviewPage } from './teacher/teacher-review-page';
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
  '/account/appCenter': AppCentrePage,
  '/account/app': MyAppsPage,
  '/account/review/app': AppReviewPage,
  '/account/teacher': TeacherPage,
  '/account/review/teacher': TeacherReviewPage,
  '/account/live': LivePage,
  '/account/channel': ChannelPage,
  '/account/grades/grading/:id?': GradingPage,
  '/account/grades/result/:id?': ResultPage,
  '/account/grades/questions': QuestionBankPage,
  '/account/grades/exams/:id?': ExamsPage,
  '/account/grades/exam/:id?': ExamPage,
};

export const App = screensApp(screens);
