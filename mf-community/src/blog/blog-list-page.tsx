import { useCallback, useState } from 'react';
import { Button, Dropdown, Icon, Label, Menu } from 'semantic-ui-react';
import {
  EmptyState,
  ListState,
  PageSection,
  PageSwitcher,
  useLoaded,
  usePagedList,
  type Paging,
  type ScreenProps,
  constants,
  useLoggedIn,
} from '@rc/shared-utility';
import { listBlogs, listCategories, listLabels, type BlogTab } from './blog-api';
import { PostCard } from './post-card';
import { RecommendedBloggers } from './recommended-bloggers';
import '../community.css';

/** Spec §3: tab 1 latest, 3 hot, 2 following. */
const tabs: { tab: BlogTab; name: string }[] = [
  { tab: 1, name: '最新' },
  { tab: 3, name: '热门' },
  { tab: 2, name: '关注' },
];

/** `/blog`: the latest, hot and followed posts, filtered by label or category, with recommended bloggers aside. */
export function BlogListPage({ navigate }: ScreenProps) {
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useState<BlogTab>(1);
  const [labelNo, setLabelNo] = useState<number | undefined>();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const labels = useLoaded(listLabels);
  const categories = useLoaded(listCategories);
  const needsLogin = tab === 2 && !loggedIn;

  const fetchPage = useCallback((paging: Paging) => listBlogs({ tab, labelNo, categoryId }, paging), [tab, labelNo, categoryId]);
  const paged = usePagedList(fetchPage);
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paged.setPageNum(1);
    };
  const write = () => navigate(loggedIn ? '/blog/account/write' : constants.loginUrl);

  return (
    <div className="rc-community-columns">
      <PageSection className="rc-blog-list">
        <div className="rc-blog-toolbar">
          <Menu secondary pointing className="rc-blog-tabs">
            {tabs.map((item) => (
              <Menu.Item key={item.tab} name={item.name} active={tab === item.tab} onClick={() => filtered(setTab)(item.tab)} />
            ))}
          </Menu>
          {tab !== 2 ? (
            <Dropdown
              selection
              clearable
              className="rc-blog-category"
              aria-label="分类"
              placeholder="全部分类"
              options={(categories.data ?? []).map((category) => ({
                key: category.id,
                value: category.id,
                text: category.zoneName ? `${category.zoneName} · ${category.name}` : category.name,
              }))}
              value={categoryId ?? ''}
              onChange={(_, data) => filtered(setCategoryId)(data.value ? Number(data.value) : undefined)}
            />
          ) : null}
          <Button primary className="rc-blog-write" onClick={write}>
            <Icon name="edit" />
            写文章
          </Button>
        </div>
        {tab !== 2 && labels.data?.length ? (
          <div className="rc-label-chips">
            <Label
              as="a"
              className="rc-chip"
              color={labelNo === undefined ? 'blue' : undefined}
              onClick={() => filtered(setLabelNo)(undefined)}
            >
              全部
            </Label>
            {labels.data.map((label) => (
              <Label
                as="a"
                key={label.labelNo}
                className="rc-chip"
                color={labelNo === label.labelNo ? 'blue' : undefined}
                onClick={() => filtered(setLabelNo)(label.labelNo)}
              >
                {label.labelName}
              </Label>
            ))}
          </div>
        ) : null}
        {needsLogin ? (
          <EmptyState>
            <p>登录后查看你关注的博主发表的文章</p>
            <Button primary basic onClick={() => navigate(constants.loginUrl)}>
              去登录
            </Button>
          </EmptyState>
        ) : (
          <ListState
            source={paged}
            isEmpty={(page) => page.list.length === 0}
            empty={tab === 2 ? '你关注的博主还没有发表文章' : labelNo || categoryId ? '没有符合条件的文章' : '还没有文章，来写第一篇吧'}
          >
            {(page) => (
              <div className="rc-post-list">
                {page.list.map((post) => (
                  <PostCard key={post.id} post={post} navigate={navigate} />
                ))}
              </div>
            )}
          </ListState>
        )}
        {needsLogin ? null : <PageSwitcher {...paged} />}
      </PageSection>
      <aside className="rc-community-aside">
        <RecommendedBloggers navigate={navigate} />
      </aside>
    </div>
  );
}
