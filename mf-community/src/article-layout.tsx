import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';
import { formatDateTime, MarkdownHtml } from '@rc/shared-utility';

interface ArticleLayoutProps {
  title: string;
  /** Author, labels and the like, before the times. */
  byline?: ReactNode;
  gmtCreate: string;
  gmtModified: string;
  viewCount: number;
  contentHtml: string;
  /** Under the text: likes, collections, the author's buttons. */
  footer?: ReactNode;
}

/** A post or a news item as read: title, who and when, view count, and the server's HTML. */
export function ArticleLayout({ title, byline, gmtCreate, gmtModified, viewCount, contentHtml, footer }: ArticleLayoutProps) {
  return (
    <article className="rc-article">
      <h1 className="rc-article-title">{title}</h1>
      <div className="rc-article-meta">
        {byline}
        <span>发布于 {formatDateTime(gmtCreate)}</span>
        {gmtModified !== gmtCreate ? <span>更新于 {formatDateTime(gmtModified)}</span> : null}
        <span className="rc-article-views">
          <Icon name="eye" />
          阅读 {viewCount}
        </span>
      </div>
      <MarkdownHtml html={contentHtml} className="rc-article-body" />
      {footer}
    </article>
  );
}
