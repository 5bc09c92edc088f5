import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Icon, Label } from 'semantic-ui-react';
import { MarkdownHtml, bus, dialogs } from '@rc/shared-utility';
import { AnswerKeeper, type SaveState } from './answer-keeper';
import {
  attemptClock,
  continueExam,
  recordExamEvent,
  submitAttempt,
  type ExamSheet,
  type StudentAnswer,
  type SubmitResult,
} from './exam-taking-api';
import { QuestionInput, isAnswered, kindNames } from './question-input';
import { ServerCountdown, type ServerClock } from './server-countdown';

const saveTexts: Record<SaveState, string> = {
  saved: '已保存',
  saving: '保存中…',
  offline: '网络已断开，答案已保存在本机，恢复后自动提交',
};

const clockText = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const rest = `${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
};

/** The server's countdown of this attempt, redrawn every second. */
function useServerCountdown(sheet: ExamSheet) {
  const countdown = useMemo(() => new ServerCountdown(sheet, () => performance.now()), [sheet]);
  const [seconds, setSeconds] = useState(countdown.secondsLeft);
  const redraw = useCallback(() => setSeconds(countdown.secondsLeft), [countdown]);
  useEffect(() => {
    const timer = setInterval(redraw, 1000);
    return () => clearInterval(timer);
  }, [redraw]);
  const sync = useCallback(
    (clock: ServerClock) => {
      countdown.sync(clock);
      redraw();
    },
    [countdown, redraw],
  );
  const moveDeadline = useCallback(
    (deadlineAt: string) => {
      countdown.moveDeadline(deadlineAt);
      redraw();
    },
    [countdown, redraw],
  );
  return { seconds, sync, moveDeadline };
}

/**
 * Follows the attempt's deadline as the server moves it: extra time a teacher grants or withdraws during the exam is
 * pushed on the tab's event stream, and the student is told. A page shown again or back online, which may have missed
 * a push, asks the server's clock once. Returns the extra minutes now in force.
 */
function useServerDeadline(sheet: ExamSheet, countdown: Pick<ReturnType<typeof useServerCountdown>, 'sync' | 'moveDeadline'>) {
  const { attemptId } = sheet;
  const { sync, moveDeadline } = countdown;
  const [extraMinutes, setExtraMinutes] = useState(sheet.extraMinutes);
  const known = useRef(sheet.extraMinutes);
  useEffect(() => {
    const follow = (extra: number) => {
      if (extra === known.current) return;
      const more = extra > known.current;
      known.current = extra;
      setExtraMinutes(extra);
      bus.emit('toast', {
        type: more ? 'success' : 'info',
        message: more ? `老师为你延长了作答时间，共延长 ${extra} 分钟` : '作答时间已调整',
      });
    };
    const resync = () =>
      void attemptClock(attemptId).then((clock) => {
        if (clock.code !== 200 || clock.data.status !== 1) return;
        sync(clock.data);
        follow(clock.data.extraMinutes);
      });
    const shown = () => {
      if (!document.hidden) resync();
    };
    const stopHearing = bus.on('exam:deadline', (pushed) => {
      if (pushed.attemptId !== attemptId || pushed.status !== 1) return;
      moveDeadline(pushed.deadlineAt);
      follow(pushed.extraMinutes);
    });
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('online', resync);
    return () => {
      stopHearing();
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('online', resync);
    };
  }, [attemptId, sync, moveDeadline]);
  return extraMinutes;
}

export interface Finished {
  result: SubmitResult;
  /** Why the attempt ended without 交卷, e.g. the time ran out. */
  note?: string;
}

/** The paper of a running attempt: navigator, questions, countdown, save state and 交卷. */
export function ExamPaper({ sheet, onFinished }: { sheet: ExamSheet; onFinished: (finished: Finished) => void }) {
  const [, setTick] = useState(0);
  const countdown = useServerCountdown(sheet);
  const { seconds } = countdown;
  const extraMinutes = useServerDeadline(sheet, countdown);
  const [handingIn, setHandingIn] = useState(false);
  const ending = useRef(false);
  /** A hand-in the network stopped, tried again when it comes back. */
  const handInAgain = useRef<{ note?: string } | null>(null);
  const keeperRef = useRef<AnswerKeeper | null>(null);

  const finish = useCallback(
    async (note?: string) => {
      if (ending.current) return;
      ending.current = true;
      setHandingIn(true);
      const keeper = keeperRef.current!;
      await keeper.flush();
      const result = await submitAttempt(sheet.attemptId);
      if (result.code !== 200) {
        ending.current = false;
        if (result.code === -1) handInAgain.current = { note };
        setHandingIn(false);
        bus.emit('toast', { type: 'error', message: result.code === -1 ? '网络已断开，恢复后将自动交卷' : result.msg });
        return;
      }
      keeper.finish();
      bus.emit('counters:changed', {});
      onFinished({ result: result.data, note });
    },
    [sheet.attemptId, onFinished],
  );

  if (keeperRef.current === null) {
    keeperRef.current = new AnswerKeeper(sheet, {
      changed: () => setTick((tick) => tick + 1),
      clock: countdown.sync,
      closed: (message) => void finish(message),
      newerElsewhere: () =>
        void continueExam(sheet.examId).then((latest) => {
          if (latest.code === 200) keeperRef.current?.adopt(latest.data.answers);
        }),
    });
  }
  const keeper = keeperRef.current;
  useEffect(() => {
    keeper.start();
    return () => keeper.stop();
  }, [keeper]);

  useEffect(() => {
    if (seconds === 0) void finish('考试时间已到，答卷已自动提交');
  }, [seconds, finish]);

  useEffect(() => {
    const visibility = () => void recordExamEvent(sheet.attemptId, document.hidden ? 'leave' : 'return');
    let wentOffline = false;
    const offline = () => {
      wentOffline = true;
      keeper.setOnline(false);
    };
    const online = async () => {
      keeper.setOnline(true);
      const retry = handInAgain.current;
      handInAgain.current = null;
      if (retry) void finish(retry.note);
      if (!wentOffline) return;
      wentOffline = false;
      await recordExamEvent(sheet.attemptId, 'offline');
      await recordExamEvent(sheet.attemptId, 'online');
    };
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [keeper, sheet.attemptId, finish]);

  const change = (itemId: number) => (answer: StudentAnswer, typed: boolean) => keeper.change(itemId, answer, { typed });
  const unanswered = sheet.items.filter((item) => !isAnswered(item, keeper.answerOf(item.itemId)));

  const handIn = async () => {
    const sure = await dialogs.confirm({
      title: '交卷',
      content:
        unanswered.length > 0
          ? `还有 ${unanswered.length} 道题未作答（第 ${unanswered.map((item) => sheet.items.indexOf(item) + 1).join('、')} 题），交卷后不能再修改。确定交卷吗？`
          : '交卷后不能再修改答案。确定交卷吗？',
      confirmText: '交卷',
    });
    if (sure) await finish();
  };

  const state = keeper.state;
  return (
    <div className="rc-exam-paper">
      <div className="rc-exam-paper-head">
        <h2>{sheet.examTitle}</h2>
        <span className="rc-muted">
          第 {sheet.attemptNo} 次作答 · 共 {sheet.items.length} 题 · 满分 {sheet.totalPoints} 分 · 答案随时自动保存，离开页面不会暂停计时
        </span>
      </div>
      <div className="rc-exam-body">
        <nav className="rc-exam-navigator" aria-label="题目导航">
          <div className="rc-exam-navigator-grid">
            {sheet.items.map((item, index) => {
              const answered = isAnswered(item, keeper.answerOf(item.itemId));
              return (
                <a
                  key={item.itemId}
                  href={`#rc-exam-q-${item.itemId}`}
                  className={`rc-exam-nav-item${answered ? ' rc-exam-nav-answered' : ''}`}
                  title={answered ? '已作答' : '未作答'}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(`rc-exam-q-${item.itemId}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }}
                >
                  {index + 1}
                </a>
              );
            })}
          </div>
          <p className="rc-exam-legend rc-muted">
            <span className="rc-exam-nav-item rc-exam-nav-answered" /> 已答 <span className="rc-exam-nav-item" /> 未答
          </p>
        </nav>
        <ol className="rc-exam-questions">
          {sheet.items.map((item) => (
            <li
              key={item.itemId}
              id={`rc-exam-q-${item.itemId}`}
              className="rc-exam-question"
              data-kind={item.kind}
              data-item-id={item.itemId}
            >
              <div className="rc-exam-question-head">
                <Label size="small" basic>
                  {kindNames[item.kind]}
                </Label>
                <span className="rc-muted">{item.points} 分</span>
              </div>
              <MarkdownHtml html={item.stemHtml} className="rc-exam-stem" />
              <QuestionInput item={item} answer={keeper.answerOf(item.itemId)} disabled={handingIn} onChange={change(item.itemId)} />
            </li>
          ))}
        </ol>
      </div>
      <div className="rc-exam-bar">
        <span className="rc-exam-bar-title">
          已答 {sheet.items.length - unanswered.length}/{sheet.items.length}
        </span>
        <span className={`rc-exam-save-state rc-exam-save-${state}`} role="status">
          <Icon name={state === 'offline' ? 'wifi' : state === 'saving' ? 'sync' : 'check circle'} />
          {saveTexts[state]}
        </span>
        <span className={`rc-exam-countdown${seconds <= 300 ? ' rc-exam-countdown-late' : ''}`} data-remaining={seconds}>
          <Icon name="clock outline" />
          剩余 {clockText(seconds)}
          {extraMinutes > 0 ? <span className="rc-exam-extra-time">（含延长 {extraMinutes} 分钟）</span> : null}
        </span>
        <Button primary className="rc-exam-hand-in" loading={handingIn} disabled={handingIn} onClick={() => void handIn()}>
          交卷
        </Button>
      </div>
    </div>
  );
}
