// @rc/mf-community: blogs, questions, the image community and news, as a single-spa application.
import { microAppLifecycles } from '@rc/shared-utility';
import { App } from './app';

export const { bootstrap, mount, unmount, preloadScreen } = microAppLifecycles(App);
