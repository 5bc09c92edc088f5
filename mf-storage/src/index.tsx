// @rc/mf-storage: network disk, cloud disk, file storage and file management, as a single-spa application.
import { FeaturePagesApp, microAppLifecycles } from '@rc/shared-utility';

export const { bootstrap, mount, unmount } = microAppLifecycles(FeaturePagesApp);
