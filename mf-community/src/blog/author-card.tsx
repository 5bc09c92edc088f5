import { useCallback, useEffect, useState } from 'react';
import { Button, Icon } from 'semantic-ui-react';
import { EmptyState, LoadingState, PageSection, runAction, useLoaded, constants, useLoggedIn, RouteLink } from '@rc/shared-utility';
import { followBlogger, viewBlogger, type BloggerProfile } from './blog-api';
import { Avatar } from './post-card';

/** Follow or unfollow a blogger; anonymous visitors are sent to log in. */
export function FollowButton({
  blogger,
  navigate,
  onChange,
}: {
  blogger: Pick<BloggerProfile, 'userId' | 'following' | 'mine'>;
  navigate: (url: string) => void;
  onChange: (following: boolean, fanCount: number) => void;
}) {
  const loggedIn = useLoggedIn();
  if (blogger.mine) return null;
  const toggle = () => {
    if (!loggedIn) return navigate(constants.loginUrl);
    void runAction(() => followBlogger(blogger.userId, !blogger.following), {
      success: (data) => (data.following ? '关注成功' : '已取消关注'),
      then: (data) => onChange(data.following, data.fanCount),
    });
  };
  return (
    <Button size="small" primary={!blogger.following} basic={blogger.following} className="rc-follow-button" onClick={toggle}>
      <Icon name={blogger.following ? 'check' : 'plus'} />
      {blogger.following ? '已关注' : '关注'}
    </Button>
  );
}

/** The author of the post being read: who they are, their counts, and the follow button. */
export function AuthorCard({ bloggerId, navigate }: { bloggerId: number; navigate: (url: string) => void }) {
  const loggedIn = useLoggedIn();
  const fetch = useCallback(() => viewBlogger(bloggerId, loggedIn), [bloggerId, loggedIn]);
  const loaded = useLoaded(fetch);
  const [profile, setProfile] = useState<BloggerProfile | undefined>();
  useEffect(() => setProfile(loaded.data), [loaded.data]);

  return (
    <PageSection title="作者" className="rc-author-section">
      {loaded.error !== null && !profile ? (
        <EmptyState>作者信息加载失败</EmptyState>
      ) : !profile ? (
        <LoadingState />
      ) : (
        <div className="rc-author-card">
          <Avatar url={profile.avatar} size="tiny" />
          <RouteLink to={`/blog/blogger/${profile.userId}`} navigate={navigate} className="rc-author-name">
            <strong>{profile.nickname}</strong>
          </RouteLink>
          {profile.blogName ? <span className="rc-muted">{profile.blogName}</span> : null}
          <div className="rc-author-counts">
            <span>文章 {profile.postCount}</span>
            <span className="rc-author-fans">粉丝 {profile.fanCount}</span>
            <span>获赞 {profile.likeCount}</span>
          </div>
          <FollowButton
            blogger={profile}
            navigate={navigate}
            onChange={(following, fanCount) => setProfile({ ...profile, following, fanCount })}
          />
        </div>
      )}
    </PageSection>
  );
}
