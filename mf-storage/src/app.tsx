import { screensApp, type Screens } from '@rc/shared-utility';

/** Screens built so far, by route pattern, each in its own chunk; every other route shows its feature page. */
export const screens: Screens = {
  '/account/fileDisk': () => import('./cloud-disk/cloud-disk-page').then((m) => m.CloudDiskPage),
  '/account/upload': () => import('./files/upload-page').then((m) => m.UploadPage),
  '/account/upload/helper': () => import('./files/upload-helper-page').then((m) => m.UploadHelperPage),
  '/account/upload/test': () => import('./files/speed-test-page').then((m) => m.SpeedTestPage),
  '/account/fileStorage': () => import('./file-manage/file-storage-page').then((m) => m.FileStoragePage),
  '/account/fileManage': () => import('./file-manage/file-list-page').then((m) => m.FileListPage),
  '/account/fileManage/fileList': () => import('./file-manage/file-list-page').then((m) => m.FileListPage),
  '/account/netDisk': () => import('./net-disk/net-disk-page').then((m) => m.NetDiskPage),
  '/account/commonData': () => import('./common-data/common-data-page').then((m) => m.CommonDataPage),
  '/account/dataManage/myData': () => import('./common-data/my-data-page').then((m) => m.MyDataPage),
  '/account/download': () => import('./downloads/download-page').then((m) => m.DownloadPage),
  '/account/share': () => import('./shares/my-shares-page').then((m) => m.MySharesPage),
  '/s/:token?': () => import('./shares/share-page').then((m) => m.SharePage),
};

export const App = screensApp(screens);
