import { useCallback } from 'react';
import { ErrorState, MissingState, LoadingState, PageSection, useLoaded, type ScreenProps, routeParam } from '@rc/shared-utility';
import { ArticleLayout } from '../article-layout';
import { viewNews } from './news-api';
import '../community.css';

/** `/news/detail/:id` and `/blog/news/:id` (an id or a slug such as about): a news item, laid out like a post, without comments. */
export function NewsDetailPage(_: ScreenProps) {
  const key = routeParam();
  const known = key !== '' && key !== 'detail' && key !== 'news';
  const fetch = useCallback(() => viewNews(key), [key]);
  const loaded = useLoaded(fetch);
  const news = loaded.data;

  if (!known) return <MissingState kind="bad-link" message="链接里缺少资讯编号" />;
  if (loaded.error !== null) return <ErrorState message={loaded.error} code={loaded.errorCode} onRetry={() => void loaded.reload()} />;
  if (!news) return <LoadingState />;
  return (
    <PageSection className="rc-news-detail">
      <ArticleLayout
        title={news.title}
        gmtCreate={news.publishedAt ?? news.gmtCreate}
        gmtModified={news.gmtModified}
        viewCount={news.viewCount}
        contentHtml={news.contentHtml}
      />
    </PageSection>
  );
}
