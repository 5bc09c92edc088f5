import { useState } from 'react';
import { Menu } from 'semantic-ui-react';
import { ListState, PageHeader, PageSection, PageSwitcher, runAction, usePagedList, type ScreenProps } from '@rc/shared-utility';
import { myCollections, uncollectBlog } from '../blog/blog-api';
import { PostCard } from '../blog/post-card';
import { QuestionRecords } from './question-records';
import { CollectedCourses } from './collected-courses';
import '../community.css';

type Tab = 'posts' | 'questions' | 'courses';

/** `/account/collection`: the posts, questions and courses I collected. */
export function CollectionPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<Tab>('posts');
  return (
    <PageSection className="rc-collection">
      <PageHeader />
      <Menu secondary pointing>
        <Menu.Item name="文章" active={tab === 'posts'} onClick={() => setTab('posts')} />
        <Menu.Item name="问题" active={tab === 'questions'} onClick={() => setTab('questions')} />
        <Menu.Item name="课程" active={tab === 'courses'} onClick={() => setTab('courses')} />
      </Menu>
      {tab === 'posts' ? <CollectedPosts navigate={navigate} /> : null}
      {tab === 'questions' ? <QuestionRecords kind={1} navigate={navigate} /> : null}
      {tab === 'courses' ? <CollectedCourses navigate={navigate} /> : null}
    </PageSection>
  );
}

export function CollectedPosts({ navigate }: { navigate: (url: string) => void }) {
  const paged = usePagedList(myCollections);
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="还没有收藏文章">
        {(page) => (
          <div className="rc-post-list">
            {page.list.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                navigate={navigate}
                actions={
                  <button
                    type="button"
                    className="rc-link-button rc-uncollect"
                    onClick={() => void runAction(() => uncollectBlog(post.id), { success: '已取消收藏', then: paged.reload })}
                  >
                    取消收藏
                  </button>
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
