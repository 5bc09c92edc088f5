import { screensApp, type Screens } from '@rc/shared-utility';
import { BlogListPage } from './blog/blog-list-page';
import { BlogWritePage } from './blog/blog-write-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/blog': BlogListPage,
  '/blog/account/write': BlogWritePage,
};

export const App = screensApp(screens);
