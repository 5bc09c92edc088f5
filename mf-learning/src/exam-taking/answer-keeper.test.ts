import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus, type ApiResult } from '@rc/shared-utility';
import { AnswerKeeper, localCopyKey, type KeeperEvents } from './answer-keeper';
import type { AnswerSaveResult, ExamSheet, StudentAnswer } from './exam-taking-api';
import type { AnswerSaveBody } from '@rc/api-contract/exam/sheet';

const attemptId = 7;
const now = Date.parse('2026-11-29T08:00:00Z');

const sheet = (answers: Array<{ itemId: number; answer: StudentAnswer; version: number }> = []): ExamSheet => ({
  attemptId,
  examId: 3,
  gradeId: 2,
  examTitle: '第一次随堂测验',
  instructions: '',
  attemptNo: 1,
  status: 1,
  startedAt: '2026-11-29T08:00:00.000Z',
  deadlineAt: '2026-11-29T09:00:00.000Z',
  submittedAt: null,
  serverNow: '2026-11-29T08:00:00.000Z',
  remainingSeconds: 3600,
  extraMinutes: 0,
  totalPoints: 100,
  items: [],
  answers: answers.map((answer) => ({ ...answer, savedAt: '2026-11-29T08:00:00.000Z' })),
});

/**
 * The server's side of the save call: it records every call and answers each with the next scripted answer, or, by
 * default, as the server does: it keeps the larger version of each item and says how long is left.
 */
function server(...script: Array<ApiResult<AnswerSaveResult> | Promise<ApiResult<AnswerSaveResult>>>) {
  const calls: AnswerSaveBody[] = [];
  const save = (body: AnswerSaveBody) => {
    calls.push(structuredClone(body));
    const scripted = script.shift();
    if (scripted) return Promise.resolve(scripted);
    const saved = body.answers.map(({ itemId, version }) => ({ itemId, version, accepted: true }));
    return Promise.resolve({
      code: 200,
      msg: '',
      data: { attemptId, saved, deadlineAt: '2026-11-29T09:00:00.000Z', remainingSeconds: 1200 },
    });
  };
  return { save, calls };
}

function listener() {
  const heard = { remaining: [] as number[], closed: [] as string[], newerElsewhere: 0 };
  const events: KeeperEvents = {
    changed: () => {},
    clock: (clock) => heard.remaining.push(clock.remainingSeconds),
    closed: (message) => heard.closed.push(message),
    newerElsewhere: () => (heard.newerElsewhere += 1),
  };
  return { heard, events };
}

const localCopy = () => JSON.parse(localStorage.getItem(localCopyKey(attemptId)) ?? 'null');
/** Lets the keeper's queued saves and their answers run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now });
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('the exam answer keeper', () => {
  it('keeps every change in the browser at once, with a version that only grows, before the server answers', () => {
    const { save, calls } = server();
    const keeper = new AnswerKeeper(sheet(), listener().events, save);

    keeper.change(1, { text: '反向传播' }, { typed: true });
    keeper.change(2, { text: '梯度' }, { typed: true });

    expect(calls).toEqual([]);
    expect(localCopy()).toEqual({
      lastVersion: now + 1,
      answers: {
        1: { answer: { text: '反向传播' }, version: now, synced: false },
        2: { answer: { text: '梯度' }, version: now + 1, synced: false },
      },
    });
    expect(keeper.answerOf(2)).toEqual({ text: '梯度' });
  });

  it('sends a choice at once and a typed answer 800 ms after the typing stops, with the latest text', async () => {
    const { save, calls } = server();
    const { heard, events } = listener();
    const keeper = new AnswerKeeper(sheet(), events, save);
    keeper.start();

    keeper.change(1, { choices: [1] });
    await settle();
    expect(calls).toEqual([{ attemptId, answers: [{ itemId: 1, answer: { choices: [1] }, version: now }] }]);

    keeper.change(2, { text: 'ReL' }, { typed: true });
    await vi.advanceTimersByTimeAsync(500);
    keeper.change(2, { text: 'ReLU' }, { typed: true });
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]?.answers).toEqual([{ itemId: 2, answer: { text: 'ReLU' }, version: now + 500 }]);
    expect(keeper.state).toBe('saved');
    expect(heard.remaining).toEqual([1200, 1200]);
    expect(localCopy().answers[2].synced).toBe(true);
  });

  it('after a reload sends only what the server has not confirmed, and keeps whichever version is later', async () => {
    localStorage.setItem(
      localCopyKey(attemptId),
      JSON.stringify({
        lastVersion: 9,
        answers: {
          1: { answer: { truth: true }, version: 9, synced: false },
          2: { answer: { blanks: ['旧'] }, version: 2, synced: false },
        },
      }),
    );
    const { save, calls } = server();
    const keeper = new AnswerKeeper(
      sheet([
        { itemId: 1, answer: { truth: false }, version: 5 },
        { itemId: 2, answer: { blanks: ['新'] }, version: 4 },
      ]),
      listener().events,
      save,
    );

    expect(keeper.answerOf(1)).toEqual({ truth: true });
    expect(keeper.answerOf(2)).toEqual({ blanks: ['新'] });
    expect(keeper.state).toBe('saving');
    keeper.start();
    await settle();
    expect(calls).toEqual([{ attemptId, answers: [{ itemId: 1, answer: { truth: true }, version: 9 }] }]);
    expect(keeper.state).toBe('saved');
  });

  it('says offline when a save gets no answer, keeps the answer, and sends it again every 3 s until the server takes it', async () => {
    const lost = { code: -1, data: null as unknown as AnswerSaveResult, msg: '网络异常' };
    const { save, calls } = server(lost, lost);
    const keeper = new AnswerKeeper(sheet(), listener().events, save);
    keeper.start();

    keeper.change(1, { choices: [0, 2] });
    await settle();
    expect(keeper.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(keeper.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(3);
    expect(calls.map((call) => call.answers)).toEqual(Array(3).fill([{ itemId: 1, answer: { choices: [0, 2] }, version: now }]));
    expect(keeper.state).toBe('saved');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
  });

  it('sends at once when the network comes back', async () => {
    const { save, calls } = server();
    const keeper = new AnswerKeeper(sheet(), listener().events, save);
    keeper.start();
    keeper.setOnline(false);
    keeper.change(1, { text: '答案' }, { typed: true });
    expect(keeper.state).toBe('offline');

    keeper.setOnline(true);
    await settle();
    expect(calls).toHaveLength(1);
    expect(keeper.state).toBe('saved');
  });

  it('never sends two saves at once: a change made while one is under way goes after it, in the next save', async () => {
    let answerFirst: (result: ApiResult<AnswerSaveResult>) => void = () => {};
    const first = new Promise<ApiResult<AnswerSaveResult>>((resolve) => (answerFirst = resolve));
    const { save, calls } = server(first);
    const keeper = new AnswerKeeper(sheet(), listener().events, save);
    keeper.start();

    keeper.change(1, { choices: [0] });
    await settle();
    vi.setSystemTime(now + 10);
    keeper.change(1, { choices: [3] });
    await settle();
    expect(calls).toHaveLength(1);

    answerFirst({
      code: 200,
      msg: '',
      data: {
        attemptId,
        saved: [{ itemId: 1, version: now, accepted: true }],
        deadlineAt: '2026-11-29T09:00:00.000Z',
        remainingSeconds: 900,
      },
    });
    await settle();
    expect(calls.map((call) => call.answers[0])).toEqual([
      { itemId: 1, answer: { choices: [0] }, version: now },
      { itemId: 1, answer: { choices: [3] }, version: now + 10 },
    ]);
    expect(keeper.state).toBe('saved');
  });

  it('hears when another tab saved a later answer, and adopts only answers later than its own', async () => {
    const { save } = server({
      code: 200,
      msg: '',
      data: {
        attemptId,
        saved: [{ itemId: 1, version: now + 99, accepted: false }],
        deadlineAt: '2026-11-29T09:00:00.000Z',
        remainingSeconds: 600,
      },
    });
    const { heard, events } = listener();
    const keeper = new AnswerKeeper(sheet(), events, save);
    keeper.start();
    keeper.change(1, { choices: [0] });
    keeper.change(2, { choices: [1] }, { typed: true });
    await settle();
    expect(heard.newerElsewhere).toBe(1);

    keeper.adopt([
      { itemId: 1, answer: { choices: [2] }, version: now + 99, savedAt: '2026-11-29T08:00:00.000Z' },
      { itemId: 2, answer: { choices: [0] }, version: 1, savedAt: '2026-11-29T08:00:00.000Z' },
    ]);
    expect(keeper.answerOf(1)).toEqual({ choices: [2] });
    expect(keeper.answerOf(2)).toEqual({ choices: [1] });
    keeper.change(3, { truth: true });
    expect(localCopy().answers[3].version).toBe(now + 100);
  });

  it('stops at the server’s refusal of an attempt that is over, without retrying or toasting', async () => {
    const { save, calls } = server({ code: 409, data: null as unknown as AnswerSaveResult, msg: '考试时间已到，答卷已自动提交' });
    const { heard, events } = listener();
    const toasts: string[] = [];
    const stopListening = bus.on('toast', ({ message }) => toasts.push(message));
    const keeper = new AnswerKeeper(sheet(), events, save);
    keeper.start();

    keeper.change(1, { choices: [0] });
    await vi.advanceTimersByTimeAsync(10_000);
    stopListening();
    expect(heard.closed).toEqual(['考试时间已到，答卷已自动提交']);
    expect(calls).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('toasts any other refusal with the server’s words', async () => {
    const { save } = server({ code: 422, data: null as unknown as AnswerSaveResult, msg: '作答不能超过5000字' });
    const toasts: string[] = [];
    const stopListening = bus.on('toast', ({ message }) => toasts.push(message));
    const keeper = new AnswerKeeper(sheet(), listener().events, save);
    keeper.start();
    keeper.change(1, { text: '长' });
    await settle();
    stopListening();
    expect(toasts).toEqual(['作答不能超过5000字']);
  });

  it('forgets the browser’s copy once the attempt is handed in, and sends nothing after', async () => {
    const { save, calls } = server();
    const keeper = new AnswerKeeper(sheet(), listener().events, save);
    keeper.change(1, { text: '未发送' }, { typed: true });
    expect(localCopy()).not.toBeNull();

    keeper.finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(localCopy()).toBeNull();
    keeper.change(2, { choices: [0] });
    await settle();
    expect(calls).toEqual([]);
  });
});
