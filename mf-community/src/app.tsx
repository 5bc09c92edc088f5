import { screensApp, type Screens } from '@rc/shared-utility';
import { AttentionPage } from './account/attention-page';
import { CollectionPage } from './account/collection-page';
import { BlogAccountPage } from './blog/blog-account-page';
import { BlogArticlePage } from './blog/blog-article-page';
import { BlogBloggerPage } from './blog/blog-blogger-page';
import { BlogListPage } from './blog/blog-list-page';
import { BlogWritePage } from './blog/blog-write-page';
import { NewsDetailPage } from './news/news-detail-page';
import { QuestionListPage } from './question/question-list-page';
import { QuestionViewPage } from './question/question-view-page';
import { QuestionWritePage } from './question/question-write-page';
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
  '/blog': BlogListPage,
  '/blog/article/:id?': BlogArticlePage,
  '/blog/blogger/:id?': BlogBloggerPage,
  '/blog/news/:id?': NewsDetailPage,
  '/blog/account': BlogAccountPage,
  '/blog/account/write': BlogWritePage,
  '/news/detail/:id?': NewsDetailPage,
  '/question': QuestionListPage,
  '/question/view/:id?': QuestionViewPage,
  '/question/account/write': QuestionWritePage,
  '/account/attention': AttentionPage,
  '/account/collection': CollectionPage,
  '/imageCommunity': ImageListPage,
  '/imageCommunity/detail/:id?': ImageDetailPage,
  '/account/imageCommunity/add': AddImagePage,
  '/account/imageCommunity/addAppDcp': DescriptionPage,
  '/account/imageCommunity/upload': CoverUploadPage,
  '/account/imageCommunity/canvas': CoverCanvasPage,
  '/account/imageCommunity/detail': MyImageDetailPage,
  '/account/imageCommunity/:tag?': MyImagesPage,
};

export const App = screensApp(screens);
