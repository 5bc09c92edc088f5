import { screensApp, type Screens } from '@rc/shared-utility';
import { AppCentrePage } from './app-centre/app-centre-page';
import { MyAppsPage } from './app-centre/my-apps-page';
import { AppReviewPage } from './app-centre/app-review-page';
import { CourseDetailPage } from './course/course-detail-page';
import { CourseListPage } from './course/course-list-page';
import { MyCoursesPage } from './course/my-courses-page';
import { GradebookPage } from './grading/gradebook-page';
import { GradingPage } from './grading/grading-page';
import { ResultPage } from './grading/result-page';
import { ExamPage } from './exam-taking/exam-page';
import { AdminGradesPage } from './grade/admin-grades-page';
import { GradeListPage } from './grade/grade-list-page';
import { GradeManagePage } from './grade/grade-manage-page';
import { GradeViewPage } from './grade/grade-view-page';
import { MyGradesPage } from './grade/my-grades-page';
import { TeacherGradesPage } from './grade/teacher-grades-page';
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
  '/account/grades/gradebook/:id?': GradebookPage,
  '/account/grades/questions': QuestionBankPage,
  '/account/grades/exams/:id?': ExamsPage,
  '/account/grades/exam/:id?': ExamPage,
  '/grade': GradeListPage,
  '/grade/view/:id?': GradeViewPage,
  '/account/grades/teacher': TeacherGradesPage,
  '/account/grades/admin': AdminGradesPage,
  '/account/grades/my': MyGradesPage,
  '/account/grades/manage/:id?': GradeManagePage,
};

export const App = screensApp(screens);
