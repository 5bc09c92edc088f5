import { useCallback, useEffect, useState } from 'react';
import { Menu } from 'semantic-ui-react';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  MissingState,
  PageSection,
  useLoaded,
  type Paging,
  type ScreenProps,
  routeId,
  useLoggedIn,
} from '@rc/shared-utility';
import { fansOf, viewBlogger, type BloggerProfile } from './blog-api';
import { FollowButton } from './author-card';
import { PeopleList } from './people-list';
import { Avatar, PostCard } from './post-card';
import '../community.css';

const backToBlog = { to: '/blog', label: '返回博客首页' };

/** `/blog/blogger/:id`: a blogger's profile and counts, follow, their posts and their fans. */
export function BlogBloggerPage({ navigate }: ScreenProps) {
  const id = routeId();
  const loggedIn = useLoggedIn();
  const fetch = useCallback(() => viewBlogger(id ?? 0, loggedIn), [id, loggedIn]);
  const loaded = useLoaded(fetch);
  const [profile, setProfile] = useState<BloggerProfile | undefined>();
  const [tab, setTab] = useState<'posts' | 'fans'>('posts');
  useEffect(() => setProfile(loaded.data), [loaded.data]);
  const fetchFans = useCallback((paging: Paging) => fansOf(id ?? 0, paging), [id]);

  if (id === null) return <MissingState kind="bad-link" message="链接里缺少博主编号" back={backToBlog} />;
  if (loaded.error !== null && !profile)
    return <ErrorState message={loaded.error} code={loaded.errorCode} back={backToBlog} onRetry={() => void loaded.reload()} />;
  if (!profile) return <LoadingState />;

  return (
    <div className="rc-blogger-page">
      <PageSection>
        <div className="rc-blogger-head">
          <Avatar url={profile.avatar} size="tiny" />
          <div className="rc-blogger-info">
            <h1>{profile.nickname}</h1>
            <div className="rc-muted">{profile.blogName}</div>
            {profile.intro ? <p>{profile.intro}</p> : null}
            <div className="rc-blogger-counts">
              <span>
                <strong>{profile.postCount}</strong>文章
              </span>
              <span className="rc-blogger-fans">
                <strong>{profile.fanCount}</strong>粉丝
              </span>
              <span>
                <strong>{profile.followCount}</strong>关注
              </span>
              <span>
                <strong>{profile.likeCount}</strong>获赞
              </span>
            </div>
          </div>
          <FollowButton
            blogger={profile}
            navigate={navigate}
            onChange={(following, fanCount) => setProfile({ ...profile, following, fanCount })}
          />
        </div>
      </PageSection>
      <PageSection>
        <Menu secondary pointing>
          <Menu.Item name="文章" active={tab === 'posts'} onClick={() => setTab('posts')} />
          <Menu.Item name="粉丝" active={tab === 'fans'} onClick={() => setTab('fans')} />
        </Menu>
        {tab === 'posts' ? (
          profile.recentPosts.length === 0 ? (
            <EmptyState>还没有发表文章</EmptyState>
          ) : (
            <div className="rc-post-list">
              {profile.recentPosts.map((post) => (
                <PostCard key={post.id} post={post} navigate={navigate} />
              ))}
            </div>
          )
        ) : loggedIn ? (
          <PeopleList fetchPage={fetchFans} empty="还没有粉丝" navigate={navigate} />
        ) : (
          <EmptyState>登录后查看粉丝</EmptyState>
        )}
      </PageSection>
    </div>
  );
}
