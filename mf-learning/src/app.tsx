import { screensApp, type Screens } from '@rc/shared-utility';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {};

export const App = screensApp(screens);
