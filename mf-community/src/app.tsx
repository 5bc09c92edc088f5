import { screensApp, type Screens } from '@rc/shared-utility';

/** Screens built so far, by route pattern, each in its own chunk; every other route shows its feature page. */
export const screens: Screens = {
  '/blog': () => import('./blog/blog-list-page').then((m) => m.BlogListPage),
  '/blog/article/:id?': () => import('./blog/blog-article-page').then((m) => m.BlogArticlePage),
  '/blog/blogger/:id?': () => import('./blog/blog-blogger-page').then((m) => m.BlogBloggerPage),
  '/blog/news/:id?': () => import('./news/news-detail-page').then((m) => m.NewsDetailPage),
  '/blog/account': () => import('./blog/blog-account-page').then((m) => m.BlogAccountPage),
  '/blog/account/write': () => import('./blog/blog-write-page').then((m) => m.BlogWritePage),
  '/blog/search': () => import('./search/search-page').then((m) => m.BlogSearchPage),
  '/news/detail/:id?': () => import('./news/news-detail-page').then((m) => m.NewsDetailPage),
  '/question': () => import('./question/question-list-page').then((m) => m.QuestionListPage),
  '/question/view/:id?': () => import('./question/question-view-page').then((m) => m.QuestionViewPage),
  '/question/account/write': () => import('./question/question-write-page').then((m) => m.QuestionWritePage),
  '/account/attention': () => import('./account/attention-page').then((m) => m.AttentionPage),
  '/account/collection': () => import('./account/collection-page').then((m) => m.CollectionPage),
  '/imageCommunity': () => import('./image-community/image-list-page').then((m) => m.ImageListPage),
  '/imageCommunity/detail/:id?': () => import('./image-community/image-detail-page').then((m) => m.ImageDetailPage),
  '/account/imageCommunity/add': () => import('./image-community/add-image-page').then((m) => m.AddImagePage),
  '/account/imageCommunity/addAppDcp': () => import('./image-community/description-page').then((m) => m.DescriptionPage),
  '/account/imageCommunity/upload': () => import('./image-community/cover-upload-page').then((m) => m.CoverUploadPage),
  '/account/imageCommunity/canvas': () => import('./image-community/cover-canvas-page').then((m) => m.CoverCanvasPage),
  '/account/imageCommunity/detail': () => import('./image-community/my-image-detail-page').then((m) => m.MyImageDetailPage),
  '/account/imageCommunity/:tag?': () => import('./image-community/my-images-page').then((m) => m.MyImagesPage),
  '/search': () => import('./search/search-page').then((m) => m.SiteSearchPage),
  '/account/review/content': () => import('./review/content-review-page').then((m) => m.ContentReviewPage),
};

export const App = screensApp(screens);
