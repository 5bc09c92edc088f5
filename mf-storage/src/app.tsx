import { screensApp, type Screens } from '@rc/shared-utility';
import { CloudDiskPage } from './cloud-disk/cloud-disk-page';
import { SpeedTestPage } from './files/speed-test-page';
import { UploadHelperPage } from './files/upload-helper-page';
import { UploadPage } from './files/upload-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/fileDisk': CloudDiskPage,
  '/account/upload': UploadPage,
  '/account/upload/helper': UploadHelperPage,
  '/account/upload/test': SpeedTestPage,
};

export const App = screensApp(screens);
