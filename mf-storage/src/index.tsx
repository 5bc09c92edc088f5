// @rc/mf-storage: network disk, cloud disk, file storage, file management and uploads, as a single-spa application.
import { microAppLifecycles } from '@rc/shared-utility';
import { App } from './app';

export const { bootstrap, mount, unmount, preloadScreen } = microAppLifecycles(App);
