// @rc/mf-learning: courses, classes and exams, applications, video, live and data, as a single-spa application.
import { FeaturePagesApp, microAppLifecycles } from '@rc/shared-utility';

export const { bootstrap, mount, unmount } = microAppLifecycles(FeaturePagesApp);
