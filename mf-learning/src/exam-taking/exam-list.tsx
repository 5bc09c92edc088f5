import { Button, Label, Table } from 'semantic-ui-react';
import { PagedTable, bus, formatDateTime, runAction, type PagedList } from '@rc/shared-utility';
import { examUrl, ignoreExamTip, resultUrl, type ExamState, type MyExamItem } from './exam-taking-api';

export const stateNames: Record<ExamState, string> = { upcoming: '未开始', open: '进行中', closed: '已结束', published: '成绩已发布' };
const stateColors = { upcoming: 'grey', open: 'green', closed: 'orange', published: 'blue' } as const;

/** The shell's navigate, passed down by the host page. */
export type Navigate = (url: string) => void;

function MyStanding({ exam }: { exam: MyExamItem }) {
  if (exam.runningAttemptId !== null) return <span className="rc-exam-standing">作答中</span>;
  if (exam.lastAttempt) {
    return exam.scoresPublished ? (
      <span className="rc-exam-standing">最好成绩 {exam.bestScore ?? 0} 分</span>
    ) : (
      <span className="rc-exam-standing">
        客观题 {exam.lastAttempt.objectiveScore} 分 · {exam.scoreNote ?? '待批阅'}
      </span>
    );
  }
  return <span className="rc-muted">{exam.canBegin ? '未作答' : (exam.cannotBeginReason ?? '未作答')}</span>;
}

function ExamActions({ exam, navigate, reload }: { exam: MyExamItem; navigate: Navigate; reload: () => Promise<void> }) {
  const ignore = () =>
    runAction(() => ignoreExamTip(exam.examId), {
      then: () => {
        reload();
        bus.emit('counters:changed', {});
      },
    });
  return (
    <div className="rc-exam-actions">
      {exam.runningAttemptId !== null ? (
        <Button primary size="small" onClick={() => navigate(examUrl(exam.examId))}>
          继续作答
        </Button>
      ) : exam.canBegin ? (
        <Button primary size="small" onClick={() => navigate(examUrl(exam.examId))}>
          开始考试
        </Button>
      ) : null}
      {exam.lastAttempt ? (
        <Button basic size="small" onClick={() => navigate(resultUrl(exam.examId))}>
          查看成绩
        </Button>
      ) : null}
      {exam.canBegin && !exam.lastAttempt && !exam.tipIgnored ? (
        <Button basic size="small" className="rc-exam-ignore" onClick={() => void ignore()}>
          忽略提醒
        </Button>
      ) : null}
    </div>
  );
}

/** A student's exams as a table: window, duration, attempts, my standing, and what to do next. */
export function ExamList({
  list,
  navigate,
  showGrade,
  empty,
}: {
  list: PagedList<MyExamItem>;
  navigate: Navigate;
  showGrade: boolean;
  empty: string;
}) {
  return (
    <PagedTable
      list={list}
      columns={['考试', ...(showGrade ? ['班级'] : []), '开放时间', '时长', '次数', '状态', '我的成绩', '操作']}
      empty={empty}
      row={(exam) => (
        <Table.Row key={exam.examId} data-exam-id={exam.examId} className="rc-my-exam">
          <Table.Cell>
            <strong>{exam.title}</strong>
            <div className="rc-muted">
              {exam.questionCount} 题 · 满分 {exam.totalPoints} 分
            </div>
          </Table.Cell>
          {showGrade ? <Table.Cell>{exam.gradeName}</Table.Cell> : null}
          <Table.Cell>
            {formatDateTime(exam.opensAt)}
            <br />至 {formatDateTime(exam.closesAt)}
            {exam.compensation ? (
              <div className="rc-muted">
                补考 {formatDateTime(exam.compensation.opensAt)} 至 {formatDateTime(exam.compensation.closesAt)}
              </div>
            ) : null}
          </Table.Cell>
          <Table.Cell>{exam.durationMinutes} 分钟</Table.Cell>
          <Table.Cell>
            {exam.attemptsUsed}/{exam.attemptsAllowed}
          </Table.Cell>
          <Table.Cell>
            <Label size="small" color={stateColors[exam.state]}>
              {stateNames[exam.state]}
            </Label>
          </Table.Cell>
          <Table.Cell>
            <MyStanding exam={exam} />
          </Table.Cell>
          <Table.Cell>
            <ExamActions exam={exam} navigate={navigate} reload={list.reload} />
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}
