import { useCallback, useState } from 'react';
import { Button, Dropdown, Label, Menu, Table } from 'semantic-ui-react';
import {
  dialogs,
  EmptyState,
  formatDateTime,
  ListState,
  PageHeader,
  PageSection,
  routeId,
  runAction,
  useLoaded,
  type ScreenProps,
  ModalDialog,
} from '@rc/shared-utility';
import { ExtraTimeDialog } from './extra-time-dialog';
import {
  attemptEvents,
  exportScores,
  attemptStatusColors,
  attemptStatusNames,
  eventNames,
  examStudents,
  markedPaper,
  publishScores,
  remarkExam,
  submittedByNames,
  type AttemptSummary,
  type ExamStudentRow,
  type GradingExam,
} from './grading-api';
import { GradingQueuePanel } from './grading-queue';
import { MarkedPaperView } from './marked-paper';
import './grading.css';

/** Why 批阅完成 cannot be pressed yet, or null when it can. */
function publishBlock(exam: GradingExam): string | null {
  if (exam.scoresPublishedAt) return `成绩已于 ${formatDateTime(exam.scoresPublishedAt)} 发布`;
  if (exam.ungradedCount > 0) return `还有 ${exam.ungradedCount} 份简答题未批阅`;
  if (exam.inProgressCount > 0) return `还有 ${exam.inProgressCount} 名学生正在作答`;
  return null;
}

/** 「延长 N 分钟」 beside a student who has extra time, saying who set it and when. */
function ExtraTimeLabel({ student }: { student: ExamStudentRow }) {
  if (student.extraMinutes === 0) return null;
  const setAt = student.extraTimeSetAt ? formatDateTime(student.extraTimeSetAt) : '';
  return (
    <Label
      size="mini"
      color="teal"
      className="rc-extra-time"
      content={`延长 ${student.extraMinutes} 分钟`}
      title={`由 ${student.extraTimeSetBy} 于 ${setAt} 设置`}
    />
  );
}

/** The class remark (a real name or student number) with the nickname, once. */
const studentName = ({ remark, nickname }: ExamStudentRow) =>
  !remark ? nickname : remark.includes(nickname) ? remark : `${remark}（${nickname}）`;

function EventsDialog({ attemptId, close }: { attemptId: number; close: () => void }) {
  const view = useLoaded(useCallback(() => attemptEvents(attemptId), [attemptId]));
  return (
    <ModalDialog title={<>作答过程记录</>} close={close} size="tiny" className="rc-events-dialog" scrolling>
      <ListState source={view} isEmpty={(data) => data.events.length === 0} empty="作答期间没有离开页面或断网">
        {(data) => (
          <ul className="rc-events">
            {data.events.map((event, index) => (
              <li key={index} className={`rc-event rc-event-${event.kind}`}>
                <span className="rc-muted">{formatDateTime(event.at)}</span> {eventNames[event.kind]}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </ModalDialog>
  );
}

function PaperDialog({ title, attemptId, close }: { title: string; attemptId: number; close: () => void }) {
  const paper = useLoaded(useCallback(() => markedPaper(attemptId), [attemptId]));
  return (
    <ModalDialog title={title} close={close} className="rc-paper-dialog" scrolling>
      <ListState source={paper} isEmpty={(data) => data.items.length === 0} empty="这份答卷没有题目">
        {(data) => (
          <>
            <p className="rc-paper-summary">
              总分 <b>{data.attempt.totalScore}</b>（客观题 {data.attempt.objectiveScore}，简答题 {data.attempt.subjectiveScore}
              {data.attempt.ungradedCount > 0 ? `，${data.attempt.ungradedCount} 题待批阅` : ''}）
            </p>
            <MarkedPaperView paper={data} />
          </>
        )}
      </ListState>
    </ModalDialog>
  );
}

type Opened = { kind: 'events'; attemptId: number } | { kind: 'paper'; attemptId: number; title: string } | null;

function AttemptCells({ attempt, open }: { attempt: AttemptSummary; open: (opened: Opened) => void }) {
  const handedIn = attempt.status !== 1;
  return (
    <>
      <Table.Cell collapsing>第 {attempt.attemptNo} 次</Table.Cell>
      <Table.Cell collapsing>
        <Label size="small" color={attemptStatusColors[attempt.status]} content={attemptStatusNames[attempt.status]} />
      </Table.Cell>
      <Table.Cell collapsing>{handedIn ? attempt.objectiveScore : '—'}</Table.Cell>
      <Table.Cell collapsing>
        {handedIn ? (attempt.ungradedCount > 0 ? `${attempt.subjectiveScore}（待批阅）` : attempt.subjectiveScore) : '—'}
      </Table.Cell>
      <Table.Cell collapsing>{handedIn ? <b>{attempt.totalScore}</b> : '—'}</Table.Cell>
      <Table.Cell collapsing>
        {attempt.submittedBy ? submittedByNames[attempt.submittedBy] : '—'}
        {attempt.late ? <Label size="mini" color="orange" content="迟交" className="rc-late" /> : null}
      </Table.Cell>
      <Table.Cell collapsing>
        {formatDateTime(attempt.startedAt)}
        <div className="rc-muted">{attempt.submittedAt ? `交卷 ${formatDateTime(attempt.submittedAt)}` : '未交卷'}</div>
      </Table.Cell>
      <Table.Cell collapsing>
        {attempt.leaveCount > 0 ? (
          <Button
            size="mini"
            basic
            color="orange"
            className="rc-leave-count"
            content={`离开页面 ${attempt.leaveCount} 次`}
            onClick={() => open({ kind: 'events', attemptId: attempt.attemptId })}
          />
        ) : (
          <Button
            size="mini"
            basic
            className="rc-leave-count"
            content="查看记录"
            onClick={() => open({ kind: 'events', attemptId: attempt.attemptId })}
          />
        )}
      </Table.Cell>
    </>
  );
}

function AttemptsTable({ students }: { students: ExamStudentRow[] }) {
  const [opened, setOpened] = useState<Opened>(null);
  if (students.length === 0) return <EmptyState>这场考试还没有考生</EmptyState>;
  return (
    <>
      <Table compact className="rc-attempts">
        <Table.Header>
          <Table.Row>
            {['学生', '作答', '状态', '客观题', '简答题', '总分', '交卷方式', '开始 / 交卷时间', '离开页面', '操作'].map((column) => (
              <Table.HeaderCell key={column}>{column}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {students.flatMap((student) =>
            student.attempts.length === 0
              ? [
                  <Table.Row key={student.userId} data-student={student.userId} className="rc-absent">
                    <Table.Cell>
                      {studentName(student)}
                      {student.compensated ? <Label size="mini" content="补考" /> : null}
                      <ExtraTimeLabel student={student} />
                    </Table.Cell>
                    <Table.Cell colSpan={9}>
                      <Label size="small" content="未参加" />
                    </Table.Cell>
                  </Table.Row>,
                ]
              : student.attempts.map((attempt) => (
                  <Table.Row key={attempt.attemptId} data-student={student.userId} data-attempt={attempt.attemptId}>
                    <Table.Cell>
                      {studentName(student)}
                      {student.compensated ? <Label size="mini" content="补考" /> : null}
                      <ExtraTimeLabel student={student} />
                    </Table.Cell>
                    <AttemptCells attempt={attempt} open={setOpened} />
                    <Table.Cell collapsing>
                      <Button
                        size="mini"
                        primary
                        basic
                        content="查看答卷"
                        className="rc-view-paper"
                        disabled={attempt.status === 1}
                        onClick={() =>
                          setOpened({
                            kind: 'paper',
                            attemptId: attempt.attemptId,
                            title: `${studentName(student)} · 第 ${attempt.attemptNo} 次作答`,
                          })
                        }
                      />
                    </Table.Cell>
                  </Table.Row>
                )),
          )}
        </Table.Body>
      </Table>
      {opened?.kind === 'events' ? <EventsDialog attemptId={opened.attemptId} close={() => setOpened(null)} /> : null}
      {opened?.kind === 'paper' ? <PaperDialog attemptId={opened.attemptId} title={opened.title} close={() => setOpened(null)} /> : null}
    </>
  );
}

function ExamCounts({ exam }: { exam: GradingExam }) {
  const counts: Array<[string, number]> = [
    ['应考', exam.audienceCount],
    ['未参加', exam.absentCount],
    ['作答中', exam.inProgressCount],
    ['已交答卷', exam.handedInCount],
    ['待批阅简答题', exam.ungradedCount],
  ];
  return (
    <div className="rc-grading-counts">
      {counts.map(([name, value]) => (
        <span key={name} className="rc-grading-count">
          {name} <b>{value}</b>
        </span>
      ))}
      <span className="rc-muted">
        {formatDateTime(exam.opensAt)} — {formatDateTime(exam.closesAt)} · 满分 {exam.totalPoints}
      </span>
    </div>
  );
}

function GradingHeader({
  exam,
  students,
  reload,
  navigate,
}: {
  exam: GradingExam;
  students: ExamStudentRow[];
  reload: () => Promise<void>;
  navigate: ScreenProps['navigate'];
}) {
  const block = publishBlock(exam);
  const [extraTimeOpen, setExtraTimeOpen] = useState(false);
  const publish = async () => {
    const sure = await dialogs.confirm({
      title: '批阅完成',
      content: `发布「${exam.title}」的成绩后，学生即可看到总分与批阅意见，已交卷的学生会收到通知。确定发布吗？`,
      confirmText: '发布成绩',
    });
    if (sure)
      await runAction(() => publishScores(exam.examId), {
        success: (data) => `成绩已发布，已通知 ${data.notifiedCount} 名学生`,
        then: reload,
      });
  };
  const remark = async () => {
    const sure = await dialogs.confirm({
      title: '重新判分',
      content: '按当前的标准答案重新判定全部已交答卷的客观题，老师给的简答题分数保持不变。',
      confirmText: '重新判分',
    });
    if (sure)
      await runAction(() => remarkExam(exam.examId), { success: (data) => `已重新判分 ${data.remarkedCount} 份答卷`, then: reload });
  };
  return (
    <PageHeader subject={`${exam.gradeName} · ${exam.title}`}>
      <div className="rc-grading-actions">
        <div className="rc-grading-buttons">
          <Button
            basic
            size="small"
            icon="clock outline"
            content="延长时间"
            className="rc-open-extra-time"
            onClick={() => setExtraTimeOpen(true)}
          />
          <Dropdown text="导出成绩" icon="download" floating labeled button className="icon basic small rc-score-export">
            <Dropdown.Menu>
              <Dropdown.Item text="导出 CSV" onClick={() => exportScores(exam.examId, 'csv')} />
              <Dropdown.Item text="导出 Excel" onClick={() => exportScores(exam.examId, 'xlsx')} />
            </Dropdown.Menu>
          </Dropdown>
          <Button
            basic
            size="small"
            icon="table"
            content="班级成绩册"
            className="rc-open-gradebook"
            onClick={() => navigate(`/account/grades/gradebook/${exam.gradeId}`)}
          />
          <Button basic size="small" icon="redo" content="重新判分" className="rc-remark" onClick={() => void remark()} />
          <Button primary icon="check" content="批阅完成" className="rc-publish" disabled={block !== null} onClick={() => void publish()} />
        </div>
        {block ? <div className="rc-publish-block rc-muted">{block}</div> : null}
      </div>
      {extraTimeOpen ? (
        <ExtraTimeDialog
          exam={exam}
          students={students}
          nameOf={studentName}
          close={(changed) => {
            setExtraTimeOpen(false);
            if (changed) void reload();
          }}
        />
      ) : null}
    </PageHeader>
  );
}

/** `/account/grades/grading/:id`: the students of an exam and their attempts, the anonymous short-answer queue, and 批阅完成. */
export function GradingPage({ navigate }: ScreenProps) {
  const examId = routeId();
  const [tab, setTab] = useState<'attempts' | 'queue'>('attempts');
  const source = useLoaded(useCallback(() => examStudents(examId ?? 0), [examId]));
  if (examId === null)
    return (
      <PageSection className="rc-grading-page">
        <PageHeader />
        <EmptyState>
          <p>请从班级的考试列表选择要批阅的考试</p>
          <Button primary content="我教的班级" onClick={() => navigate('/account/grades/teacher')} />
        </EmptyState>
      </PageSection>
    );
  return (
    <PageSection className="rc-grading-page">
      <ListState source={source} isEmpty={() => false} empty={null}>
        {({ exam, students }) => (
          <>
            <GradingHeader exam={exam} students={students} reload={source.reload} navigate={navigate} />
            <ExamCounts exam={exam} />
            <Menu secondary pointing>
              <Menu.Item active={tab === 'attempts'} onClick={() => setTab('attempts')} content="答卷" className="rc-tab-attempts" />
              <Menu.Item active={tab === 'queue'} onClick={() => setTab('queue')} className="rc-tab-queue">
                简答题批阅
                {exam.ungradedCount > 0 ? <Label size="mini" color="orange" content={exam.ungradedCount} /> : null}
              </Menu.Item>
            </Menu>
            {tab === 'attempts' ? (
              <AttemptsTable students={students} />
            ) : (
              <GradingQueuePanel examId={exam.examId} onGraded={source.reload} />
            )}
          </>
        )}
      </ListState>
    </PageSection>
  );
}
