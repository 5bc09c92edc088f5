import { screensApp, type Screens } from '@rc/shared-utility';
import { QuestionListPage } from './question/question-list-page';
import { QuestionViewPage } from './question/question-view-page';
import { QuestionWritePage } from './question/question-write-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/question': QuestionListPage,
  '/question/view/:id?': QuestionViewPage,
  '/question/account/write': QuestionWritePage,
};

export const App = screensApp(screens);
