import { screensApp, type Screens } from '@rc/shared-utility';
import { AttentionPage } from './account/attention-page';
import { CollectionPage } from './account/collection-page';
import { BlogAccountPage } from './blog/blog-account-page';
import { BlogArticlePage } from './blog/blog-article-page';
import { BlogBloggerPage } from './blog/blog-blogger-page';
import { BlogListPage } from './blog/blog-list-page';
import { BlogWritePage } from './blog/blog-write-page';
import { NewsDetailPage } from './news/news-detail-page';
import { BlogSearchPage, SiteSearchPage } from './search/search-page';
import { ContentReviewPage } from './review/content-review-page';

/** Screens built so far, by route pattern; every other route shows its feature page. */
export const screens: Screens = {
  '/blog': BlogListPage,
  '/blog/article/:id?': BlogArticlePage,
  '/blog/blogger/:id?': BlogBloggerPage,
  '/blog/news/:id?': NewsDetailPage,
  '/blog/account': BlogAccountPage,
  '/blog/account/write': BlogWritePage,
  '/blog/search': BlogSearchPage,
  '/news/detail/:id?': NewsDetailPage,
  '/account/attention': AttentionPage,
  '/account/collection': CollectionPage,
  '/search': SiteSearchPage,
  '/account/review/content': ContentReviewPage,
};

export const App = screensApp(screens);
