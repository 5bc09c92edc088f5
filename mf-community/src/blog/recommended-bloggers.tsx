import { EmptyState, PageSection, useLoaded, useLoggedIn, RouteLink } from '@rc/shared-utility';
import { recommendedBloggers } from './blog-api';
import { Avatar } from './post-card';

/** Bloggers worth following (blogger/recommend/list), for signed-in visitors. */
export function RecommendedBloggers({ navigate }: { navigate: (url: string) => void }) {
  const loggedIn = useLoggedIn();
  return (
    <PageSection title="推荐博主">
      {loggedIn ? <BloggerList navigate={navigate} /> : <EmptyState>登录后为你推荐博主</EmptyState>}
    </PageSection>
  );
}

function BloggerList({ navigate }: { navigate: (url: string) => void }) {
  const bloggers = useLoaded(recommendedBloggers);
  if (bloggers.error !== null) return <EmptyState>推荐博主加载失败</EmptyState>;
  if (!bloggers.data) return <EmptyState>加载中…</EmptyState>;
  if (bloggers.data.length === 0) return <EmptyState>暂无推荐博主</EmptyState>;
  return (
    <ul className="rc-blogger-list">
      {bloggers.data.map((blogger) => (
        <li key={blogger.userId}>
          <RouteLink to={`/blog/blogger/${blogger.userId}`} navigate={navigate} className="rc-blogger-link">
            <Avatar url={blogger.avatar} />
            <span>
              <strong>{blogger.nickname}</strong>
              <small>{blogger.blogName}</small>
            </span>
          </RouteLink>
        </li>
      ))}
    </ul>
  );
}
