import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Menu, Segment } from 'semantic-ui-react';
import { FieldError, ListState, MarkdownHtml, useLoaded, useSubmit } from '@rc/shared-utility';
import { gradeAnswer, gradingQueue, type QueuedAnswer } from './grading-api';

const MAX_COMMENT = 500;

function scoreError(text: string, points: number): string | undefined {
  if (text.trim() === '') return '请填写得分';
  const score = Number(text);
  if (!Number.isFinite(score) || score < 0 || score > points) return `得分应在 0 到 ${points} 分之间`;
  if (Math.round(score * 10) !== score * 10) return '得分最多保留一位小数';
  return undefined;
}

function AnswerForm({ answer, saved }: { answer: QueuedAnswer; saved: () => void }) {
  const [score, setScore] = useState(answer.manualScore === null ? '' : String(answer.manualScore));
  const [comment, setComment] = useState(answer.comment);
  const { busy, errors, submit } = useSubmit<'score' | 'comment'>();
  const save = () =>
    submit({
      check: () => ({
        score: scoreError(score, answer.points),
        comment: comment.length > MAX_COMMENT ? `评语最多 ${MAX_COMMENT} 字` : undefined,
      }),
      call: () => gradeAnswer({ attemptId: answer.attemptId, itemId: answer.itemId, score: Number(score), comment }),
      success: `答卷 #${answer.sheetNo} 已批阅`,
      then: saved,
    });
  return (
    <Form className="rc-grade-form" onSubmit={() => void save()}>
      <Form.Field error={Boolean(errors.score)}>
        <label>得分（满分 {answer.points} 分，最多一位小数）</label>
        <input
          className="rc-grade-score"
          type="number"
          min={0}
          max={answer.points}
          step={0.1}
          value={score}
          onChange={(event) => setScore(event.target.value)}
        />
        <FieldError message={errors.score} />
      </Form.Field>
      <Form.Field error={Boolean(errors.comment)}>
        <label>评语（选填）</label>
        <textarea
          className="rc-grade-comment"
          rows={3}
          maxLength={MAX_COMMENT}
          value={comment}
          placeholder="写给学生的批阅意见"
          onChange={(event) => setComment(event.target.value)}
        />
        <FieldError message={errors.comment} />
      </Form.Field>
      <Button primary type="submit" loading={busy} disabled={busy} content="保存并下一份" className="rc-grade-save" />
    </Form>
  );
}

/** The short answers of an exam one at a time, anonymous: the grader sees 「答卷 #k」, never who wrote it. */
export function GradingQueuePanel({ examId, onGraded }: { examId: number; onGraded: () => Promise<void> }) {
  const [graded, setGraded] = useState(false);
  const [index, setIndex] = useState(0);
  const queue = useLoaded(useCallback(() => gradingQueue(examId, graded), [examId, graded]));
  const count = queue.data?.list.length ?? 0;
  useEffect(() => {
    if (index > 0 && index >= count) setIndex(Math.max(0, count - 1));
  }, [index, count]);

  const saved = async () => {
    if (graded) setIndex((current) => current + 1);
    await Promise.all([queue.reload(), onGraded()]);
  };
  const filter = (next: boolean) => {
    setGraded(next);
    setIndex(0);
  };

  return (
    <div className="rc-grading-queue">
      <div className="rc-queue-bar">
        <Menu compact size="small">
          <Menu.Item active={!graded} content="待批阅" className="rc-filter-waiting" onClick={() => filter(false)} />
          <Menu.Item active={graded} content="已批阅" className="rc-filter-graded" onClick={() => filter(true)} />
        </Menu>
        {queue.data ? (
          <span className="rc-queue-progress">
            已批阅 {queue.data.gradedCount} / {queue.data.total} 份
          </span>
        ) : null}
      </div>
      <ListState
        source={queue}
        isEmpty={(data) => data.list.length === 0}
        empty={
          graded ? '还没有批阅过的简答题' : queue.data?.total ? '简答题已全部批阅，可以点击「批阅完成」发布成绩' : '还没有需要批阅的简答题'
        }
      >
        {(data) => {
          const answer = data.list[Math.min(index, data.list.length - 1)]!;
          const position = Math.min(index, data.list.length - 1);
          return (
            <Segment className="rc-queue-answer" data-sheet={answer.sheetNo}>
              <div className="rc-queue-head">
                <b className="rc-sheet-no">
                  答卷 #{answer.sheetNo} · 第 {answer.sort} 题
                </b>
                <span className="rc-muted">
                  {graded ? '已批阅' : '待批阅'}第 {position + 1} / {data.list.length} 份
                </span>
                <Button.Group size="mini" basic>
                  <Button icon="chevron left" content="上一份" disabled={position === 0} onClick={() => setIndex(position - 1)} />
                  <Button
                    icon="chevron right"
                    labelPosition="right"
                    content="下一份"
                    disabled={position >= data.list.length - 1}
                    onClick={() => setIndex(position + 1)}
                  />
                </Button.Group>
              </div>
              <h4>题目</h4>
              <MarkdownHtml html={answer.stemHtml} />
              <h4>参考答案</h4>
              <div className="rc-queue-reference">{answer.reference || '（无参考答案）'}</div>
              <h4>学生作答</h4>
              <div className="rc-queue-text">{answer.text}</div>
              <AnswerForm key={`${answer.attemptId}-${answer.itemId}-${answer.manualScore}`} answer={answer} saved={() => void saved()} />
            </Segment>
          );
        }}
      </ListState>
    </div>
  );
}
