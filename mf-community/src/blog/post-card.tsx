import type { ReactNode } from 'react';
import { Icon, Image, Label } from 'semantic-ui-react';
import { formatDateTime, RouteLink } from '@rc/shared-utility';
import type { BlogItem } from './blog-api';

export function Avatar({ url, size = 'mini' }: { url: string; size?: 'mini' | 'tiny' | 'small' }) {
  return url ? (
    <Image avatar size={size} src={url} alt="" />
  ) : (
    <Icon name="user circle" size={size === 'mini' ? 'large' : 'huge'} color="grey" />
  );
}

interface PostCardProps {
  post: BlogItem;
  navigate: (url: string) => void;
  /** Buttons for the author (edit, delete), on the right of the counts. */
  actions?: ReactNode;
}

/** One post in a list: title, summary, author, labels, times and counts. */
export function PostCard({ post, navigate, actions }: PostCardProps) {
  return (
    <article className="rc-post-card" data-post-id={post.id}>
      <div className="rc-post-card-body">
        <RouteLink to={`/blog/article/${post.id}`} navigate={navigate} className="rc-post-title">
          {post.title}
        </RouteLink>
        {post.summary ? <p className="rc-post-summary">{post.summary}</p> : null}
        <div className="rc-post-meta">
          <RouteLink to={`/blog/blogger/${post.author.userId}`} navigate={navigate} className="rc-post-author">
            <Avatar url={post.author.avatar} />
            {post.author.nickname}
          </RouteLink>
          {post.labelList.map((label) => (
            <Label key={label.labelNo} size="mini" basic className="rc-post-label">
              {label.labelName}
            </Label>
          ))}
          <span title={`更新于 ${formatDateTime(post.gmtModified)}`}>发布于 {formatDateTime(post.gmtCreate)}</span>
          <span className="rc-post-counts">
            <span title="阅读">
              <Icon name="eye" />
              {post.viewCount}
            </span>
            <span title="点赞">
              <Icon name="thumbs up outline" />
              {post.likeCount}
            </span>
            <span title="评论">
              <Icon name="comment outline" />
              {post.commentCount}
            </span>
          </span>
          {actions}
        </div>
      </div>
      {post.coverUrl ? <img className="rc-post-cover" src={post.coverUrl} alt="" /> : null}
    </article>
  );
}
