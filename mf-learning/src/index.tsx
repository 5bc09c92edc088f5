// @rc/mf-learning: courses, classes and exams, applications, video, live and data, as a single-spa application.
import { microAppLifecycles } from '@rc/shared-utility';
import { App } from './app';

export const { bootstrap, mount, unmount, preloadScreen } = microAppLifecycles(App);
