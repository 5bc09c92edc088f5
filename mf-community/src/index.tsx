// @rc/mf-community: blogs, questions, the image community and news, as a single-spa application.
import { FeaturePagesApp, microAppLifecycles } from '@rc/shared-utility';

export const { bootstrap, mount, unmount } = microAppLifecycles(FeaturePagesApp);
