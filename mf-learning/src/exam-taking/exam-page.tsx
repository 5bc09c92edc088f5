import { useCallback, useEffect, useState } from 'react';
import { Button, Icon, Message } from 'semantic-ui-react';
import {
  ErrorState,
  LoadingState,
  PageHeader,
  PageSection,
  RouteLink,
  dialogs,
  formatDateTime,
  routeId,
  type ScreenProps,
} from '@rc/shared-utility';
import { beginNotice } from './begin-notice';
import { ExamPaper, type Finished } from './exam-paper';
import { beginExam, continueExam, examBrief, resultUrl, type ExamSheet, type MyExamItem } from './exam-taking-api';
import './exam-taking.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; code: number | null }
  | { kind: 'brief'; brief: MyExamItem; note?: string }
  | { kind: 'paper'; sheet: ExamSheet }
  | { kind: 'finished'; finished: Finished; examId: number };

/** Before beginning: the instructions, the window, the duration, the attempts left, and 开始考试. */
function ExamBrief({
  brief,
  note,
  onBegin,
  navigate,
}: {
  brief: MyExamItem;
  note?: string;
  onBegin: () => void;
  navigate: (url: string) => void;
}) {
  const attemptsLeft = Math.max(0, brief.attemptsAllowed - brief.attemptsUsed);
  const minutes = brief.durationMinutes + brief.extraMinutes;
  const begin = async () => {
    const sure = await dialogs.confirm({
      title: '开始考试',
      content: beginNotice(brief),
      confirmText: '开始考试',
    });
    if (sure) onBegin();
  };
  return (
    <div className="rc-exam-brief">
      <h2>{brief.title}</h2>
      <p className="rc-muted">{brief.gradeName}</p>
      {note ? <Message warning content={note} /> : null}
      {brief.instructions ? <p className="rc-exam-instructions">{brief.instructions}</p> : null}
      <dl className="rc-exam-facts">
        <dt>考试时长</dt>
        <dd>
          {brief.durationMinutes} 分钟{brief.extraMinutes > 0 ? `（老师为你延长 ${brief.extraMinutes} 分钟，共 ${minutes} 分钟）` : ''}
        </dd>
        <dt>开放时间</dt>
        <dd>
          {formatDateTime(brief.opensAt)} 至 {formatDateTime(brief.closesAt)}
        </dd>
        {brief.compensation ? (
          <>
            <dt>补考时间</dt>
            <dd>
              {formatDateTime(brief.compensation.opensAt)} 至 {formatDateTime(brief.compensation.closesAt)}（追加{' '}
              {brief.compensation.extraAttempts} 次）
            </dd>
          </>
        ) : null}
        <dt>题目</dt>
        <dd>
          共 {brief.questionCount} 题，满分 {brief.totalPoints} 分
        </dd>
        <dt>剩余次数</dt>
        <dd className="rc-exam-attempts-left">
          {attemptsLeft} 次（共 {brief.attemptsAllowed} 次，已用 {brief.attemptsUsed} 次）
        </dd>
        {brief.lastAttempt ? (
          <>
            <dt>上次作答</dt>
            <dd>
              {brief.scoresPublished
                ? `得分 ${brief.lastAttempt.totalScore ?? 0} 分`
                : `客观题 ${brief.lastAttempt.objectiveScore} 分，${brief.scoreNote ?? '待批阅'}`}{' '}
              <RouteLink to={resultUrl(brief.examId)} navigate={navigate}>
                查看成绩
              </RouteLink>
            </dd>
          </>
        ) : null}
      </dl>
      {brief.canBegin ? (
        <Button primary size="large" className="rc-exam-begin" onClick={() => void begin()}>
          <Icon name="play" />
          开始考试
        </Button>
      ) : (
        <Message info className="rc-exam-cannot-begin" content={brief.cannotBeginReason ?? '现在不能开始考试'} />
      )}
    </div>
  );
}

function ExamFinished({ finished, examId, navigate }: { finished: Finished; examId: number; navigate: (url: string) => void }) {
  const { result, note } = finished;
  return (
    <div className="rc-exam-finished">
      <Icon name="check circle" color="green" size="huge" />
      <h2>{note ?? '交卷成功'}</h2>
      <p className="rc-exam-objective-score">
        客观题得分 <strong>{result.objectiveScore}</strong> 分
      </p>
      {result.ungradedCount > 0 ? <p className="rc-exam-waiting">简答题待老师批阅</p> : null}
      <Button primary onClick={() => navigate(resultUrl(examId))}>
        查看成绩
      </Button>
      <Button basic onClick={() => navigate('/account/grades/my')}>
        返回我的班级
      </Button>
    </div>
  );
}

const backToMyExams = { to: '/account/grades/my', label: '返回我的班级' };

/** /account/grades/exam/:id — taking exam :id against the server's clock; no answer is lost to a reload or a lost network. */
export function ExamPage({ navigate }: ScreenProps) {
  const examId = routeId();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });

  const load = useCallback(
    async (note?: string) => {
      if (examId === null) return setPhase({ kind: 'failed', message: '链接里缺少考试编号', code: 422 });
      setPhase({ kind: 'loading' });
      const brief = await examBrief(examId);
      if (brief.code !== 200) return setPhase({ kind: 'failed', message: brief.msg, code: brief.code });
      if (brief.data.runningAttemptId !== null) {
        const sheet = await continueExam(examId);
        if (sheet.code === 200) return setPhase({ kind: 'paper', sheet: sheet.data });
        const again = await examBrief(examId);
        if (again.code === 200) return setPhase({ kind: 'brief', brief: again.data, note: sheet.msg });
        return setPhase({ kind: 'failed', message: sheet.msg, code: sheet.code });
      }
      setPhase({ kind: 'brief', brief: brief.data, note });
    },
    [examId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const begin = async () => {
    if (examId === null) return;
    const sheet = await beginExam(examId);
    if (sheet.code === 200) setPhase({ kind: 'paper', sheet: sheet.data });
    else await load(sheet.msg);
  };
  const finished = useCallback(
    (done: Finished) => {
      if (examId !== null) setPhase({ kind: 'finished', finished: done, examId });
      window.scrollTo({ top: 0 });
    },
    [examId],
  );

  return (
    <div className="rc-exam-page">
      {phase.kind === 'paper' ? null : <PageHeader />}
      <PageSection>
        {phase.kind === 'loading' ? <LoadingState /> : null}
        {phase.kind === 'failed' ? (
          <ErrorState message={phase.message} code={phase.code} back={backToMyExams} onRetry={() => void load()} />
        ) : null}
        {phase.kind === 'brief' ? (
          <ExamBrief brief={phase.brief} note={phase.note} onBegin={() => void begin()} navigate={navigate} />
        ) : null}
        {phase.kind === 'paper' ? <ExamPaper sheet={phase.sheet} onFinished={finished} /> : null}
        {phase.kind === 'finished' ? <ExamFinished finished={phase.finished} examId={phase.examId} navigate={navigate} /> : null}
      </PageSection>
    </div>
  );
}
