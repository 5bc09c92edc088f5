import { screensApp, type Screens } from '@rc/shared-utility';
import { CommonDataPage } from './common-data/common-data-page';
import { MyDataPage } from './common-data/my-data-page';
import { DownloadPage } from './downloads/download-page';
import { SpeedTestPage } from './files/speed-test-page';
import { UploadHelperPage } from './files/upload-helper-page';
import { UploadPage } from './files/upload-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/upload': UploadPage,
  '/account/upload/helper': UploadHelperPage,
  '/account/upload/test': SpeedTestPage,
  '/account/commonData': CommonDataPage,
  '/account/dataManage/myData': MyDataPage,
  '/account/download': DownloadPage,
};

export const App = screensApp(screens);
