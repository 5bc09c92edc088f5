import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Label } from 'semantic-ui-react';
import {
  dialogs,
  EmptyState,
  ErrorState,
  MissingState,
  LoadingState,
  PageSection,
  runAction,
  useLoaded,
  type ScreenProps,
  routeId,
  constants,
  useLoggedIn,
  RouteLink,
} from '@rc/shared-utility';
import { ArticleLayout } from '../article-layout';
import { ReportButton } from '../report-button';
import { collectBlog, deleteBlog, recommendedBlogs, standBlog, uncollectBlog, viewBlog, type BlogDetail } from './blog-api';
import { BlogComments } from './blog-comments';
import { AuthorCard } from './author-card';
import { Avatar } from './post-card';
import '../community.css';

const backToBlog = { to: '/blog', label: '返回博客首页' };

/** `/blog/article/:id`: the post, its author, likes and collections, recommended posts and the comments. */
export function BlogArticlePage({ navigate }: ScreenProps) {
  const id = routeId();
  const loggedIn = useLoggedIn();
  const fetch = useCallback(() => viewBlog(id ?? 0, loggedIn), [id, loggedIn]);
  const loaded = useLoaded(fetch);
  const [post, setPost] = useState<BlogDetail | undefined>();
  useEffect(() => setPost(loaded.data), [loaded.data]);

  if (id === null) return <MissingState kind="bad-link" message="链接里缺少文章编号" back={backToBlog} />;
  if (loaded.error !== null && !post)
    return <ErrorState message={loaded.error} code={loaded.errorCode} back={backToBlog} onRetry={() => void loaded.reload()} />;
  if (!post) return <LoadingState />;

  const like = () => {
    if (!loggedIn) return navigate(constants.loginUrl);
    void runAction(() => standBlog(post.id), {
      success: (data) => (data.liked ? '已点赞' : '已取消点赞'),
      then: (data) => setPost({ ...post, ...data }),
    });
  };
  const collect = () => {
    if (!loggedIn) return navigate(constants.loginUrl);
    void runAction(() => (post.collected ? uncollectBlog(post.id) : collectBlog(post.id)), {
      success: (data) => (data.collected ? '已收藏' : '已取消收藏'),
      then: (data) => setPost({ ...post, ...data }),
    });
  };
  const remove = async () => {
    const sure = await dialogs.confirm({
      title: '删除文章',
      content: `删除「${post.title}」后，它的评论、点赞和收藏一并删除，不可恢复。确定删除？`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteBlog(post.id), { success: '文章已删除', then: () => navigate('/blog/account') });
  };

  return (
    <div className="rc-community-columns">
      <div className="rc-community-main">
        <PageSection className="rc-blog-article">
          {post.status !== 1 ? (
            <Label color={post.status === 2 ? 'orange' : 'grey'} className="rc-article-status">
              {post.status === 0 ? '草稿' : post.status === 2 ? `审核中：${post.reviewNote}` : `未通过：${post.reviewNote}`}
            </Label>
          ) : null}
          <ArticleLayout
            title={post.title}
            gmtCreate={post.publishedAt ?? post.gmtCreate}
            gmtModified={post.gmtModified}
            viewCount={post.viewCount}
            contentHtml={post.contentHtml}
            byline={
              <>
                <RouteLink to={`/blog/blogger/${post.author.userId}`} navigate={navigate} className="rc-post-author">
                  <Avatar url={post.author.avatar} />
                  {post.author.nickname}
                </RouteLink>
                {post.labelList.map((label) => (
                  <Label key={label.labelNo} size="mini" basic>
                    {label.labelName}
                  </Label>
                ))}
              </>
            }
            footer={
              <div className="rc-article-actions">
                <Button basic={!post.liked} color="red" className="rc-article-like" onClick={like}>
                  <Icon name={post.liked ? 'thumbs up' : 'thumbs up outline'} />
                  {post.liked ? '已赞' : '点赞'} {post.likeCount}
                </Button>
                <Button basic={!post.collected} color="orange" className="rc-article-collect" onClick={collect}>
                  <Icon name={post.collected ? 'star' : 'star outline'} />
                  {post.collected ? '已收藏' : '收藏'} {post.collectCount}
                </Button>
                {post.mine ? (
                  <>
                    <Button basic className="rc-article-edit" onClick={() => navigate(`/blog/account/write?id=${post.id}`)}>
                      <Icon name="edit" />
                      编辑
                    </Button>
                    <Button basic color="red" className="rc-article-delete" onClick={() => void remove()}>
                      <Icon name="trash" />
                      删除
                    </Button>
                  </>
                ) : (
                  <ReportButton kind="blog" refId={post.id} />
                )}
              </div>
            }
          />
        </PageSection>
        {post.status === 1 ? (
          <BlogComments
            blogId={post.id}
            navigate={navigate}
            onCountChange={(delta) => setPost({ ...post, commentCount: post.commentCount + delta })}
          />
        ) : null}
      </div>
      <aside className="rc-community-aside">
        <AuthorCard bloggerId={post.author.userId} navigate={navigate} />
        <RecommendedPosts id={post.id} navigate={navigate} />
      </aside>
    </div>
  );
}

function RecommendedPosts({ id, navigate }: { id: number; navigate: (url: string) => void }) {
  const fetch = useCallback(() => recommendedBlogs(id), [id]);
  const posts = useLoaded(fetch);
  return (
    <PageSection title="推荐文章">
      {posts.error !== null ? (
        <EmptyState>推荐文章加载失败</EmptyState>
      ) : !posts.data ? (
        <LoadingState />
      ) : posts.data.length === 0 ? (
        <EmptyState>暂无推荐文章</EmptyState>
      ) : (
        <ul className="rc-recommend-list">
          {posts.data.map((post) => (
            <li key={post.id}>
              <RouteLink to={`/blog/article/${post.id}`} navigate={navigate}>
                {post.title}
              </RouteLink>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  );
}
