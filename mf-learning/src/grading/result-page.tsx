import { useCallback } from 'react';
import { Button, Label, Message, Segment, Statistic } from 'semantic-ui-react';
import { EmptyState, formatDateTime, ListState, PageHeader, PageSection, routeId, useLoaded, type ScreenProps } from '@rc/shared-utility';
import {
  attemptStatusColors,
  attemptStatusNames,
  markedPaper,
  myExamScore,
  submittedByNames,
  type MyAttemptScore,
  type MyExamScore,
} from './grading-api';
import { MarkedPaperView } from './marked-paper';
import './grading.css';

function PublishedPaper({ attemptId }: { attemptId: number }) {
  const paper = useLoaded(useCallback(() => markedPaper(attemptId), [attemptId]));
  return (
    <ListState source={paper} isEmpty={(data) => data.items.length === 0} empty="这份答卷没有题目">
      {(data) => (
        <>
          {data.keyShown ? null : <p className="rc-muted">老师没有公开标准答案与解析。</p>}
          <MarkedPaperView paper={data} />
        </>
      )}
    </ListState>
  );
}

function AttemptResult({ exam, attempt, navigate }: { exam: MyExamScore; attempt: MyAttemptScore; navigate: ScreenProps['navigate'] }) {
  const handedIn = attempt.status !== 1;
  return (
    <Segment className="rc-my-attempt" data-attempt={attempt.attemptId}>
      <div className="rc-paper-item-head">
        <b>第 {attempt.attemptNo} 次作答</b>
        <Label size="small" color={attemptStatusColors[attempt.status]} content={attemptStatusNames[attempt.status]} />
        {attempt.submittedAt ? (
          <span className="rc-muted">
            {attempt.submittedBy ? submittedByNames[attempt.submittedBy] : '交卷'}于 {formatDateTime(attempt.submittedAt)}
          </span>
        ) : null}
      </div>
      {!handedIn ? (
        <p>
          这次作答还没有交卷。{' '}
          <Button size="small" primary content="继续作答" onClick={() => navigate(`/account/grades/exam/${exam.examId}`)} />
        </p>
      ) : !exam.published ? (
        <p className="rc-pending-score">已交卷，客观题得分 {attempt.objectiveScore}，简答题待批阅</p>
      ) : (
        <>
          <Statistic.Group size="tiny" className="rc-final-score">
            <Statistic>
              <Statistic.Value className="rc-total-score">
                {attempt.totalScore} / {exam.totalPoints}
              </Statistic.Value>
              <Statistic.Label>总分</Statistic.Label>
            </Statistic>
            <Statistic>
              <Statistic.Value>{attempt.objectiveScore}</Statistic.Value>
              <Statistic.Label>客观题</Statistic.Label>
            </Statistic>
            <Statistic>
              <Statistic.Value>{attempt.subjectiveScore}</Statistic.Value>
              <Statistic.Label>简答题</Statistic.Label>
            </Statistic>
          </Statistic.Group>
          {attempt.comments.some((comment) => comment.comment) ? (
            <Message info className="rc-teacher-comments">
              <Message.Header>老师的批阅意见</Message.Header>
              {attempt.comments
                .filter((comment) => comment.comment)
                .map((comment) => (
                  <p key={comment.itemId}>
                    第 {comment.sort} 题（{comment.manualScore ?? 0} / {comment.points} 分）：{comment.comment}
                  </p>
                ))}
            </Message>
          ) : null}
          <PublishedPaper attemptId={attempt.attemptId} />
        </>
      )}
    </Segment>
  );
}

/** `/account/grades/result/:id`: my attempts of exam :id — the objective score at once, the final score and marked paper once published. */
export function ResultPage({ navigate }: ScreenProps) {
  const examId = routeId();
  const source = useLoaded(useCallback(() => myExamScore(examId ?? 0), [examId]));
  if (examId === null)
    return (
      <PageSection className="rc-result-page">
        <PageHeader />
        <EmptyState>
          <p>请从我的班级选择要查看成绩的考试</p>
          <Button primary content="我的班级" onClick={() => navigate('/account/grades/my')} />
        </EmptyState>
      </PageSection>
    );
  return (
    <PageSection className="rc-result-page">
      <ListState source={source} isEmpty={() => false} empty={null}>
        {(exam) => (
          <>
            <PageHeader subject={`${exam.gradeName} · ${exam.title}`} />
            <p className="rc-muted">
              满分 {exam.totalPoints} 分 ·{' '}
              {exam.published ? `成绩已于 ${formatDateTime(exam.scoresPublishedAt)} 发布` : '老师批阅完成后公布总分'}
            </p>
            {exam.attempts.length === 0 ? (
              <EmptyState>
                <p>你还没有参加这场考试</p>
                <Button primary content="去考试" onClick={() => navigate(`/account/grades/exam/${exam.examId}`)} />
              </EmptyState>
            ) : (
              exam.attempts.map((attempt) => <AttemptResult key={attempt.attemptId} exam={exam} attempt={attempt} navigate={navigate} />)
            )}
          </>
        )}
      </ListState>
    </PageSection>
  );
}
