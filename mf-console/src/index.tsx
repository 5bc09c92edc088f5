// @rc/mf-console: instances, images, HPC and the personal centre, as a single-spa application.
import { microAppLifecycles } from '@rc/shared-utility';
import { App } from './app';

export const { bootstrap, mount, unmount, preloadScreen } = microAppLifecycles(App);
