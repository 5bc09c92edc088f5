import { useCallback, useState } from 'react';
import { Button, Form, Icon, Label, Menu } from 'semantic-ui-react';
import {
  dialogs,
  ErrorState,
  FieldError,
  formatDateTime,
  ListState,
  LoadingState,
  PageHeader,
  PageSection,
  PageSwitcher,
  requiredError,
  runAction,
  useLoaded,
  usePagedList,
  useSubmit,
  type Paging,
  type ScreenProps,
  RouteLink,
} from '@rc/shared-utility';
import {
  commentsOnMyPosts,
  deleteBlog,
  deleteComment,
  fansOf,
  followBlogger,
  followedBloggers,
  myBlogger,
  myBlogs,
  openMyBlog,
  updateMyBlog,
  type BlogItem,
  type MyBloggerProfile,
} from './blog-api';
import { CollectedPosts } from '../account/collection-page';
import { PeopleList } from './people-list';
import { Avatar, PostCard } from './post-card';
import '../community.css';

type Tab = 'published' | 'drafts' | 'reviewing' | 'collections' | 'comments' | 'fans' | 'following';

const tabs: { tab: Tab; name: string }[] = [
  { tab: 'published', name: '已发布' },
  { tab: 'drafts', name: '草稿' },
  { tab: 'reviewing', name: '审核中' },
  { tab: 'collections', name: '我的收藏' },
  { tab: 'comments', name: '评论管理' },
  { tab: 'fans', name: '我的粉丝' },
  { tab: 'following', name: '我的关注' },
];

/** `/blog/account`: my blog (opened here the first time), my posts by status, collections, comments on my posts, fans and follows. */
export function BlogAccountPage({ navigate }: ScreenProps) {
  const me = useLoaded(myBlogger);
  const [tab, setTab] = useState<Tab>('published');
  const [editing, setEditing] = useState(false);

  if (me.error !== null) return <ErrorState message={me.error} onRetry={() => void me.reload()} />;
  if (me.data === undefined) return <LoadingState />;
  if (me.data === null || editing)
    return (
      <PageSection className="rc-blog-account">
        <PageHeader />
        <BlogNameForm
          current={me.data}
          onDone={() => {
            setEditing(false);
            return me.reload();
          }}
          onCancel={me.data ? () => setEditing(false) : undefined}
        />
      </PageSection>
    );

  const profile = me.data;
  return (
    <div className="rc-blog-account">
      <PageSection>
        <div className="rc-blogger-head">
          <Avatar url={profile.avatar} size="tiny" />
          <div className="rc-blogger-info">
            <h1 className="rc-my-blog-name">{profile.blogName}</h1>
            {profile.intro ? <p>{profile.intro}</p> : <p className="rc-muted">还没有简介</p>}
            <div className="rc-blogger-counts">
              <span>
                <strong>{profile.postCount}</strong>文章
              </span>
              <span>
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
          <Button basic onClick={() => setEditing(true)}>
            <Icon name="setting" />
            编辑博客
          </Button>
          <Button primary className="rc-blog-write" onClick={() => navigate('/blog/account/write')}>
            <Icon name="edit" />
            写文章
          </Button>
        </div>
      </PageSection>
      <PageSection>
        <Menu secondary pointing className="rc-account-tabs">
          {tabs.map((item) => (
            <Menu.Item key={item.tab} active={tab === item.tab} onClick={() => setTab(item.tab)}>
              {item.name}
              {item.tab === 'drafts' && profile.draftCount ? <Label size="mini">{profile.draftCount}</Label> : null}
              {item.tab === 'reviewing' && profile.reviewingCount ? <Label size="mini">{profile.reviewingCount}</Label> : null}
            </Menu.Item>
          ))}
        </Menu>
        <AccountTab key={tab} tab={tab} navigate={navigate} onChanged={() => void me.reload()} />
      </PageSection>
    </div>
  );
}

function AccountTab({ tab, navigate, onChanged }: { tab: Tab; navigate: (url: string) => void; onChanged: () => void }) {
  const fetchFans = useCallback((paging: Paging) => fansOf(undefined, paging), []);
  if (tab === 'published') return <MyPosts status={1} navigate={navigate} onChanged={onChanged} empty="还没有发布文章" />;
  if (tab === 'drafts') return <MyPosts status={0} navigate={navigate} onChanged={onChanged} empty="没有草稿" />;
  if (tab === 'reviewing') return <MyPosts status={2} navigate={navigate} onChanged={onChanged} empty="没有审核中的文章" />;
  if (tab === 'collections') return <CollectedPosts navigate={navigate} />;
  if (tab === 'comments') return <CommentsOnMyPosts navigate={navigate} />;
  if (tab === 'fans') return <PeopleList fetchPage={fetchFans} empty="还没有粉丝" navigate={navigate} />;
  return (
    <PeopleList
      fetchPage={followedBloggers}
      empty="还没有关注博主"
      navigate={navigate}
      actions={(blogger, reload) => (
        <Button
          size="mini"
          basic
          onClick={() => void runAction(() => followBlogger(blogger.userId, false), { success: '已取消关注', then: reload })}
        >
          取消关注
        </Button>
      )}
    />
  );
}

function MyPosts({
  status,
  navigate,
  onChanged,
  empty,
}: {
  status: 0 | 1 | 2;
  navigate: (url: string) => void;
  onChanged: () => void;
  empty: string;
}) {
  const fetchPage = useCallback((paging: Paging) => myBlogs(status, paging), [status]);
  const paged = usePagedList(fetchPage);
  const remove = async (post: BlogItem) => {
    const sure = await dialogs.confirm({
      title: '删除文章',
      content: `删除「${post.title}」后不可恢复。确定删除？`,
      confirmText: '删除',
      danger: true,
    });
    if (sure)
      await runAction(() => deleteBlog(post.id), {
        success: '文章已删除',
        then: () => {
          onChanged();
          return paged.reload();
        },
      });
  };
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty={empty}>
        {(page) => (
          <div className="rc-post-list">
            {page.list.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                navigate={navigate}
                actions={
                  <span className="rc-post-actions">
                    {post.status === 2 && post.reviewNote ? (
                      <Label size="mini" color="orange">
                        审核说明：{post.reviewNote}
                      </Label>
                    ) : null}
                    <RouteLink to={`/blog/account/write?id=${post.id}`} navigate={navigate} className="rc-post-edit">
                      编辑
                    </RouteLink>
                    <button type="button" className="rc-link-button rc-post-delete" onClick={() => void remove(post)}>
                      删除
                    </button>
                  </span>
                }
              />
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}

function CommentsOnMyPosts({ navigate }: { navigate: (url: string) => void }) {
  const paged = usePagedList(commentsOnMyPosts);
  const remove = async (id: number) => {
    const sure = await dialogs.confirm({ title: '删除评论', content: '删除后不可恢复。确定删除？', confirmText: '删除', danger: true });
    if (sure) await runAction(() => deleteComment(id), { success: '评论已删除', then: paged.reload });
  };
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="你的文章还没有收到评论">
        {(page) => (
          <div className="rc-comment-list">
            {page.list.map((comment) => (
              <div className="rc-comment" key={comment.id}>
                <Avatar url={comment.author.avatar} />
                <div className="rc-comment-main">
                  <div className="rc-comment-head">
                    <strong>{comment.author.nickname}</strong>
                    <span>
                      评论了
                      <RouteLink to={`/blog/article/${comment.blogId}`} navigate={navigate}>
                        「{comment.blogTitle}」
                      </RouteLink>
                    </span>
                    <span>{formatDateTime(comment.gmtCreate)}</span>
                  </div>
                  <p className="rc-comment-text">{comment.content}</p>
                  <div className="rc-comment-tools">
                    <button type="button" onClick={() => void remove(comment.id)}>
                      删除
                    </button>
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}

type BlogField = 'blogName';

function BlogNameForm({ current, onDone, onCancel }: { current: MyBloggerProfile | null; onDone: () => unknown; onCancel?: () => void }) {
  const [blogName, setBlogName] = useState(current?.blogName ?? '');
  const [intro, setIntro] = useState(current?.intro ?? '');
  const { busy, errors, submit } = useSubmit<BlogField>();
  const save = () =>
    submit({
      check: () => ({ blogName: requiredError(blogName, '请输入博客名称') }),
      call: () => (current ? updateMyBlog : openMyBlog)({ blogName: blogName.trim(), intro: intro.trim() }),
      success: current ? '博客信息已保存' : '博客已开通',
      then: onDone,
    });
  return (
    <Form className="rc-blog-name-form" onSubmit={() => void save()}>
      {current ? null : <p>开通博客后即可发表文章、收获粉丝。</p>}
      <Form.Field error={Boolean(errors.blogName)}>
        <label>博客名称</label>
        <input
          className="rc-blog-name-input"
          maxLength={40}
          placeholder="1-40个字"
          value={blogName}
          onChange={(event) => setBlogName(event.target.value)}
        />
        <FieldError message={errors.blogName} />
      </Form.Field>
      <Form.TextArea
        label="博客简介"
        maxLength={300}
        placeholder="最多300个字"
        value={intro}
        onChange={(_, data) => setIntro(String(data.value ?? ''))}
      />
      <Button primary type="submit" loading={busy} disabled={busy}>
        {current ? '保存' : '开通博客'}
      </Button>
      {onCancel ? (
        <Button basic type="button" onClick={onCancel}>
          取消
        </Button>
      ) : null}
    </Form>
  );
}
