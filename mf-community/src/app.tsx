import { screensApp, type Screens } from '@rc/shared-utility';
import { ImageListPage } from './image-community/image-list-page';
import { ImageDetailPage } from './image-community/image-detail-page';
import { MyImagesPage } from './image-community/my-images-page';
import { AddImagePage } from './image-community/add-image-page';
import { DescriptionPage } from './image-community/description-page';
import { CoverUploadPage } from './image-community/cover-upload-page';
import { CoverCanvasPage } from './image-community/cover-canvas-page';
import { MyImageDetailPage } from './image-community/my-image-detail-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/imageCommunity': ImageListPage,
  '/imageCommunity/detail/:id?': ImageDetailPage,
  '/account/imageCommunity/:tag?': MyImagesPage,
  '/account/imageCommunity/add': AddImagePage,
  '/account/imageCommunity/addAppDcp': DescriptionPage,
  '/account/imageCommunity/upload': CoverUploadPage,
  '/account/imageCommunity/canvas': CoverCanvasPage,
  '/account/imageCommunity/detail': MyImageDetailPage,
};

export const App = screensApp(screens);
