import { screensApp, type Screens } from '@rc/shared-utility';
import { LearnPage } from './learn/learn-page';
import { VodPage } from './vod/vod-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/preview/resource/:id?': LearnPage,
  '/account/vod': VodPage,
};

export const App = screensApp(screens);
