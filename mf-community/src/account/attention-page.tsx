import { useState } from 'react';
import { Button, Menu } from 'semantic-ui-react';
import {
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  runAction,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { followBlogger, followedBloggers } from '../blog/blog-api';
import { PeopleList } from '../blog/people-list';
import { Avatar } from '../blog/post-card';
import { followedLecturers, unfollowLecturer } from './account-api';
import { QuestionRecords } from './question-records';
import '../community.css';

type Tab = 'bloggers' | 'lecturers' | 'questions';

/** `/account/attention`: the bloggers, lecturers and questions I follow. */
export function AttentionPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<Tab>('bloggers');
  return (
    <PageSection className="rc-attention">
      <PageHeader />
      <Menu secondary pointing>
        <Menu.Item name="博主" active={tab === 'bloggers'} onClick={() => setTab('bloggers')} />
        <Menu.Item name="讲师" active={tab === 'lecturers'} onClick={() => setTab('lecturers')} />
        <Menu.Item name="问题" active={tab === 'questions'} onClick={() => setTab('questions')} />
      </Menu>
      {tab === 'bloggers' ? (
        <PeopleList
          fetchPage={followedBloggers}
          empty="还没有关注博主"
          navigate={navigate}
          actions={(blogger, reload) => (
            <Button
              size="mini"
              basic
              className="rc-unfollow"
              onClick={() => void runAction(() => followBlogger(blogger.userId, false), { success: '已取消关注', then: reload })}
            >
              取消关注
            </Button>
          )}
        />
      ) : tab === 'lecturers' ? (
        <FollowedLecturers />
      ) : (
        <QuestionRecords kind={2} navigate={navigate} />
      )}
    </PageSection>
  );
}

function FollowedLecturers() {
  const paged = usePagedList(followedLecturers);
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="还没有关注讲师">
        {(page) => (
          <div className="rc-people-list">
            {page.list.map((lecturer) => (
              <div className="rc-person-row" key={lecturer.lecturerId}>
                <Avatar url={lecturer.headImgUrl} />
                <span className="rc-person-name">
                  {lecturer.nickname}
                  <small>{formatDateTime(lecturer.gmtCreate)} 关注</small>
                </span>
                <Button
                  size="mini"
                  basic
                  onClick={() => void runAction(() => unfollowLecturer(lecturer.lecturerId), { then: paged.reload })}
                >
                  取消关注
                </Button>
              </div>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}
