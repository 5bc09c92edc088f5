import { screensApp, type Screens } from '@rc/shared-utility';

/** Screens built so far, by route pattern, each in its own chunk; every other route shows its feature page. */
export const screens: Screens = {
  '/resource': () => import('./course/course-list-page').then((m) => m.CourseListPage),
  '/resource/detail/:id?': () => import('./course/course-detail-page').then((m) => m.CourseDetailPage),
  '/preview/resource/:id?': () => import('./learn/learn-page').then((m) => m.LearnPage),
  '/account/course': () => import('./course/my-courses-page').then((m) => m.MyCoursesPage),
  '/account/vod': () => import('./vod/vod-page').then((m) => m.VodPage),
  '/account/resource': () => import('./teach/teaching-courses-page').then((m) => m.TeachingCoursesPage),
  '/account/resource/add': () => import('./teach/course-form-page').then((m) => m.CourseFormPage),
  '/account/resource/period': () => import('./teach/course-outline-page').then((m) => m.CourseOutlinePage),
  '/account/review/course': () => import('./review/course-review-page').then((m) => m.CourseReviewPage),
  '/account/appCenter': () => import('./app-centre/app-centre-page').then((m) => m.AppCentrePage),
  '/account/app': () => import('./app-centre/my-apps-page').then((m) => m.MyAppsPage),
  '/account/review/app': () => import('./app-centre/app-review-page').then((m) => m.AppReviewPage),
  '/account/teacher': () => import('./teacher/teacher-page').then((m) => m.TeacherPage),
  '/account/review/teacher': () => import('./teacher/teacher-review-page').then((m) => m.TeacherReviewPage),
  '/account/live': () => import('./live/live-page').then((m) => m.LivePage),
  '/account/channel': () => import('./live/channel-page').then((m) => m.ChannelPage),
  '/account/grades/grading/:id?': () => import('./grading/grading-page').then((m) => m.GradingPage),
  '/account/grades/result/:id?': () => import('./grading/result-page').then((m) => m.ResultPage),
  '/account/grades/gradebook/:id?': () => import('./grading/gradebook-page').then((m) => m.GradebookPage),
  '/account/grades/questions': () => import('./question-bank/question-bank-page').then((m) => m.QuestionBankPage),
  '/account/grades/exams/:id?': () => import('./exam-admin/exams-page').then((m) => m.ExamsPage),
  '/account/grades/exam/:id?': () => import('./exam-taking/exam-page').then((m) => m.ExamPage),
  '/grade': () => import('./grade/grade-list-page').then((m) => m.GradeListPage),
  '/grade/view/:id?': () => import('./grade/grade-view-page').then((m) => m.GradeViewPage),
  '/account/grades/teacher': () => import('./grade/teacher-grades-page').then((m) => m.TeacherGradesPage),
  '/account/grades/admin': () => import('./grade/admin-grades-page').then((m) => m.AdminGradesPage),
  '/account/grades/my': () => import('./grade/my-grades-page').then((m) => m.MyGradesPage),
  '/account/grades/manage/:id?': () => import('./grade/grade-manage-page').then((m) => m.GradeManagePage),
};

export const App = screensApp(screens);
