import { screensApp, type Screens } from '@rc/shared-utility';
import { BlogSearchPage, SiteSearchPage } from './search/search-page';
import { ContentReviewPage } from './review/content-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/search': SiteSearchPage,
  '/blog/search': BlogSearchPage,
  '/account/review/content': ContentReviewPage,
};

export const App = screensApp(screens);
