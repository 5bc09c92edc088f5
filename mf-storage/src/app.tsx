import { screensApp, type Screens } from '@rc/shared-utility';
import { FileListPage } from './file-manage/file-list-page';
import { FileStoragePage } from './file-manage/file-storage-page';
import { CommonDataPage } from './common-data/common-data-page';
import { MyDataPage } from './common-data/my-data-page';
import { DownloadPage } from './downloads/download-page';
import { CloudDiskPage } from './cloud-disk/cloud-disk-page';
import { SpeedTestPage } from './files/speed-test-page';
import { UploadHelperPage } from './files/upload-helper-page';
import { UploadPage } from './files/upload-page';
import { NetDiskPage } from './net-disk/net-disk-page';
import { MySharesPage } from './shares/my-shares-page';
import { SharePage } from './shares/share-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/account/fileDisk': CloudDiskPage,
  '/account/upload': UploadPage,
  '/account/upload/helper': UploadHelperPage,
  '/account/upload/test': SpeedTestPage,
  '/account/fileStorage': FileStoragePage,
  '/account/fileManage': FileListPage,
  '/account/fileManage/fileList': FileListPage,
  '/account/netDisk': NetDiskPage,
  '/account/commonData': CommonDataPage,
  '/account/dataManage/myData': MyDataPage,
  '/account/download': DownloadPage,
  '/account/share': MySharesPage,
  '/s/:token?': SharePage,
};

export const App = screensApp(screens);
