import { useEffect, useState } from 'react';
import { Button, Label, Menu, Message, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  useLoaded,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteLive, learnerLives, myLives, myTeacherState, type LiveView } from './live-api';
import { LiveDialog } from './live-dialog';
import { canEnter, openBeforeMs, stateColors, stateNames } from './live-times';

const timeRange = (live: LiveView) => `${formatDateTime(live.startsAt)} – ${formatDateTime(live.endsAt)}`;

const StateLabel = ({ live }: { live: LiveView }) => <Label size="mini" color={stateColors[live.state]} content={stateNames[live.state]} />;

/** The current time, ticking every 30 seconds so 进入直播 opens when the room does. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function EnterButton({ live, now }: { live: LiveView; now: number }) {
  const open = canEnter(live.startsAt, live.endsAt, now);
  const why = live.state === 'ended' || now > new Date(live.endsAt).getTime() ? '直播已结束' : `开播前 ${openBeforeMs / 60_000} 分钟可进入`;
  return open ? (
    <Button as="a" size="mini" primary href={live.url} target="_blank" rel="noopener noreferrer" className="rc-live-enter">
      进入直播
    </Button>
  ) : (
    <Button size="mini" disabled title={why} className="rc-live-enter" content="进入直播" />
  );
}

/** The sessions of the courses I signed up to, those not over first. */
function LearnerLives() {
  const lives = useLoaded(learnerLives);
  const now = useNow();
  return (
    <>
      <Message info size="small" content="直播在第三方平台进行：开播前 15 分钟起可点击「进入直播」，在新窗口打开讲师提供的直播间链接。" />
      <ListState source={lives} isEmpty={(list) => list.length === 0} empty="你报名的课程近期没有直播">
        {(list) => (
          <Table compact className="rc-learner-lives">
            <Table.Header>
              <Table.Row>
                {['课程', '直播', '时间', '平台', '状态', ''].map((column, index) => (
                  <Table.HeaderCell key={index}>{column}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((live) => (
                <Table.Row key={live.id} data-live={live.id}>
                  <Table.Cell>{live.courseName}</Table.Cell>
                  <Table.Cell>{live.title}</Table.Cell>
                  <Table.Cell collapsing>{timeRange(live)}</Table.Cell>
                  <Table.Cell collapsing>{live.platform || '第三方平台'}</Table.Cell>
                  <Table.Cell collapsing>
                    <StateLabel live={live} />
                  </Table.Cell>
                  <Table.Cell collapsing>
                    <EnterButton live={live} now={now} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </>
  );
}

/** The sessions I scheduled for my courses: schedule, edit, delete. */
function TeacherLives() {
  const list = usePagedList(myLives);
  const [editing, setEditing] = useState<LiveView | null | 'new'>(null);
  const remove = async (live: LiveView) => {
    const sure = await dialogs.confirm({
      title: '删除直播',
      content: `删除直播「${live.title}」？学员将不再看到它。`,
      confirmText: '删除',
      danger: true,
    });
    if (sure) await runAction(() => deleteLive(live.id), { then: () => list.reload() });
  };
  return (
    <>
      <div className="rc-live-actions">
        <Button primary icon="add" content="安排直播" className="rc-live-new" onClick={() => setEditing('new')} />
      </div>
      <PagedTable
        list={list}
        columns={['课程', '直播', '时间', '直播间', '状态', '操作']}
        empty="还没有安排直播"
        className="rc-teacher-lives"
        row={(live) => (
          <Table.Row key={live.id} data-live={live.id}>
            <Table.Cell>{live.courseName}</Table.Cell>
            <Table.Cell>{live.title}</Table.Cell>
            <Table.Cell collapsing>{timeRange(live)}</Table.Cell>
            <Table.Cell>
              {live.channelName ? <div>{live.channelName}</div> : null}
              <a href={live.url} target="_blank" rel="noopener noreferrer">
                {live.url}
              </a>
            </Table.Cell>
            <Table.Cell collapsing>
              <StateLabel live={live} />
            </Table.Cell>
            <Table.Cell collapsing>
              <Button size="mini" basic content="编辑" disabled={live.state === 'ended'} onClick={() => setEditing(live)} />
              <Button size="mini" basic negative content="删除" onClick={() => void remove(live)} />
            </Table.Cell>
          </Table.Row>
        )}
      />
      {editing ? (
        <LiveDialog
          live={editing === 'new' ? null : editing}
          close={(changed) => {
            setEditing(null);
            if (changed) void list.reload();
          }}
        />
      ) : null}
    </>
  );
}

function TeacherTabs() {
  const [tab, setTab] = useState<'mine' | 'learning'>('mine');
  return (
    <>
      <Menu secondary pointing>
        <Menu.Item name="我的直播" active={tab === 'mine'} onClick={() => setTab('mine')} />
        <Menu.Item name="我报名课程的直播" active={tab === 'learning'} onClick={() => setTab('learning')} />
      </Menu>
      {tab === 'mine' ? <TeacherLives /> : <LearnerLives />}
    </>
  );
}

/** `/account/live`: a teacher schedules sessions of their courses; everyone sees the sessions of the courses they signed up to. */
export function LivePage(_props: ScreenProps) {
  const teacher = useLoaded(myTeacherState);
  return (
    <PageSection className="rc-live">
      <PageHeader />
      <ListState source={teacher} isEmpty={() => false} empty={null}>
        {(state) => (state.isTeacher ? <TeacherTabs /> : <LearnerLives />)}
      </ListState>
    </PageSection>
  );
}
