import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptStatus, SubmittedBy, examAttemptEvents, examAttempts, exams } from '../../db/schema.js';
import { classCast, examFixture, gradeFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let student: Person;
let outsider: Person;
let otherTeacher: Person;
let gradeId: number;

const minutes = (count: number) => count * 60_000;
const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam${path}`, body, who?.token);
const put = (path: string, body: unknown, who?: Person) => call(t.app, 'PUT', `/apis/exam${path}`, body, who?.token);
const relation = (call: string) => `/auth/grade/exam/student/relation/${call}`;
const SAVE = '/auth/grade/student/exam/answer/save';

const notMember = { code: 403, msg: '你不是该班级的成员' };
const teacherRefused = { code: 403, msg: '老师不能参加自己班级的考试' };
const adminRefused = { code: 403, msg: '班级管理员负责管理考试，不参加本班考试' };

beforeAll(async () => {
  t = await createTestApp();
  ({ teacher, otherTeacher, admin, student, outsider, gradeId } = await classCast(t.app));
});
afterAll(() => t.close());

describe('begin, save, continue and hand in through the routes', () => {
  it('lets the student sit the exam, and nobody else: not the teacher, a class admin or an outsider', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    const begun = await post(relation('begin'), { examId }, student);
    expect(begun).toMatchObject({ code: 200, data: { examId, attemptNo: 1, status: 1, remainingSeconds: 3600 } });
    expect(begun.data.items).toHaveLength(5);
    expect(begun.data.items[0]).toMatchObject({ options: ['24GB', '40GB 或 80GB', '12GB'], optionsHtml: ['24GB', '40GB 或 80GB', '12GB'] });
    expect(JSON.stringify(begun.data)).not.toMatch(/answerKey|CUDA/);
    expect(await post(relation('begin'), { examId }, teacher)).toMatchObject(teacherRefused);
    expect(await post(relation('begin'), { examId }, admin)).toMatchObject(adminRefused);
    for (const who of [outsider, otherTeacher]) expect(await post(relation('begin'), { examId }, who)).toMatchObject(notMember);
    expect((await post(relation('begin'), { examId })).code).toBe(401);
    expect(await post(relation('begin'), { examId: 999_999 }, student)).toMatchObject({ code: 404, msg: '考试不存在或已删除' });
  });

  it('says an exam its teacher deleted is deleted (410), not missing, to the student and to its managers', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    expect(await post('/auth/grade/exam/del', { examId }, teacher)).toMatchObject({ code: 200 });
    expect(await post(relation('begin'), { examId }, student)).toMatchObject({ code: 410, msg: '该考试已被删除' });
    expect(await post('/auth/grade/exam/student/relation/list', { examId }, teacher)).toMatchObject({ code: 410, msg: '该考试已被删除' });
  });

  it('saves versioned answers, keeps the later of two tabs, and hands in with the objective score at once', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id);
    const { attemptId } = (await post(relation('begin'), { examId }, student)).data;
    const laterTab = await post(SAVE, { attemptId, answers: [{ itemId: item(0), answer: { choices: [1] }, version: 200 }] }, student);
    expect(laterTab).toMatchObject({ code: 200, data: { saved: [{ itemId: item(0), version: 200, accepted: true }] } });
    const earlierTab = await post(SAVE, { attemptId, answers: [{ itemId: item(0), answer: { choices: [0] }, version: 100 }] }, student);
    expect(earlierTab.data.saved).toEqual([{ itemId: item(0), version: 200, accepted: false }]);
    const both = [
      { itemId: item(1), answer: { choices: [0, 1] }, version: 300 },
      { itemId: item(2), answer: { truth: false }, version: 300 },
      { itemId: item(3), answer: { blanks: [' ＣＵＤＡ ', 'nvidia-smi'] }, version: 300 },
      { itemId: item(4), answer: { text: '每张卡一份模型。' }, version: 300 },
    ];
    expect((await post(SAVE, { attemptId, answers: both }, student)).code).toBe(200);

    for (const who of [admin, teacher, outsider]) {
      expect(await post(SAVE, { attemptId, answers: both }, who)).toMatchObject({ code: 404, msg: '答卷不存在' });
      expect(await post(relation('submit/audit'), { attemptId }, who)).toMatchObject({ code: 404, msg: '答卷不存在' });
    }
    expect((await post(SAVE, { attemptId, answers: both })).code).toBe(401);

    t.clock.advance(minutes(5));
    const resumed = await post(relation('continue'), { examId }, student);
    expect(resumed.data).toMatchObject({ attemptId, remainingSeconds: 55 * 60 });
    expect(resumed.data.answers.find((row: { itemId: number }) => row.itemId === item(0))).toMatchObject({
      answer: { choices: [1] },
      version: 200,
    });

    const handedIn = await post(relation('submit/audit'), { attemptId }, student);
    // 单选 2 + 多选 2 of 4 (all or nothing: 0) + 判断 2 + 填空 4 = 8
    expect(handedIn).toMatchObject({ code: 200, data: { attemptId, status: 2, submittedBy: 1, objectiveScore: 8, ungradedCount: 1 } });
    expect(await post(SAVE, { attemptId, answers: both }, student)).toMatchObject({ code: 409, msg: '答卷已提交，不能再修改答案' });
    expect((await post(relation('submit/audit'), { attemptId }, student)).data.objectiveScore).toBe(8);
  });

  it('hands the attempt in at the deadline: continue then tells the student, and no answer is taken', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 30 });
    const { attemptId } = (await post(relation('begin'), { examId }, student)).data;
    await post(SAVE, { attemptId, answers: [{ itemId: item(2), answer: { truth: false }, version: 1 }] }, student);
    t.clock.advance(minutes(30));
    expect(await post(relation('continue'), { examId }, student)).toMatchObject({ code: 409, msg: '考试时间已到，答卷已自动提交' });
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    // Nothing is left for the teacher: the short answer was not written.
    expect(attempt).toMatchObject({ status: AttemptStatus.graded, submittedBy: SubmittedBy.deadline, objectiveScore: 2 });
    expect(await post(SAVE, { attemptId, answers: [{ itemId: item(0), answer: { choices: [1] }, version: 2 }] }, student)).toMatchObject({
      code: 409,
      msg: '答卷已提交，不能再修改答案',
    });
    expect(await post(relation('continue'), { examId }, student)).toMatchObject({ code: 409, msg: '没有进行中的考试，请先开始考试' });
  });

  it('lists an attempt whose time ran out before the server handed it in as running, so continue can say so', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 10, attemptsAllowed: 2 });
    const { attemptId } = (await post(relation('begin'), { examId }, student)).data;
    t.clock.advance(minutes(11));
    expect((await post(relation('brief'), { examId }, student)).data).toMatchObject({ runningAttemptId: attemptId, canBegin: false });
    expect((await post(relation('tips'), {}, student)).data.exams.map((tip: { examId: number }) => tip.examId)).not.toContain(examId);
    expect(await post(relation('continue'), { examId }, student)).toMatchObject({ code: 409, msg: '考试时间已到，答卷已自动提交' });
    expect((await post(relation('brief'), { examId }, student)).data).toMatchObject({
      runningAttemptId: null,
      canBegin: true,
      attemptsUsed: 1,
      lastAttempt: expect.objectContaining({ attemptId, status: 3 }),
    });
  });

  it('refuses continue to those who may not sit the exam', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    expect(await post(relation('continue'), { examId }, student)).toMatchObject({ code: 409, msg: '没有进行中的考试，请先开始考试' });
    expect(await post(relation('continue'), { examId }, admin)).toMatchObject(adminRefused);
    expect(await post(relation('continue'), { examId }, teacher)).toMatchObject(teacherRefused);
    for (const who of [outsider, otherTeacher]) expect(await post(relation('continue'), { examId }, who)).toMatchObject(notMember);
    expect((await post(relation('continue'), { examId })).code).toBe(401);
  });

  it('records leaving and losing the network for the attempt owner only, never as a penalty', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    const { attemptId } = (await post(relation('begin'), { examId }, student)).data;
    for (const kind of ['leave', 'return', 'offline', 'online']) {
      expect((await post(relation('event'), { attemptId, kind }, student)).code).toBe(200);
    }
    for (const who of [admin, teacher, outsider]) {
      expect(await post(relation('event'), { attemptId, kind: 'leave' }, who)).toMatchObject({ code: 404, msg: '答卷不存在' });
    }
    expect((await post(relation('event'), { attemptId, kind: 'leave' })).code).toBe(401);
    expect((await post(relation('event'), { attemptId, kind: 'sleep' }, student)).code).toBe(422);
    const events = await t.app.db.select().from(examAttemptEvents).where(eq(examAttemptEvents.attemptId, attemptId));
    expect(events.map((event) => event.kind)).toEqual(['leave', 'return', 'offline', 'online']);
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt).toMatchObject({ leaveCount: 1, status: AttemptStatus.inProgress });
  });
});

describe('my exams, tips and ignoring a tip', () => {
  let listGrade: number;
  let listStudent: Person;
  let listClassmate: Person;

  beforeAll(async () => {
    [listStudent, listClassmate] = await Promise.all([newLearner(t.app), newLearner(t.app)]);
    listGrade = await gradeFixture(t.app, teacher.id, { students: [listClassmate.id, listStudent.id] });
  });

  const mine = async (who: Person, body: object = {}) => (await post(relation('page'), { pageSize: 100, ...body }, who)).data;
  const inGrade = (page: { list: Array<{ gradeId: number; examId: number }> }) => page.list.filter((row) => row.gradeId === listGrade);

  it('lists my exams with what I may do now, and scores only once published', async () => {
    const { examId, item } = await examFixture(t.app, listGrade, teacher.id, { attemptsAllowed: 2 });
    const upcoming = await examFixture(t.app, listGrade, teacher.id, { opensAt: new Date(t.clock.now().getTime() + minutes(60)) });
    const forOthers = await examFixture(t.app, listGrade, teacher.id, { chosenStudents: [listClassmate.id] });

    const before = inGrade(await mine(listStudent));
    expect(before.map((row) => row.examId).sort()).toEqual([examId, upcoming.examId].sort());
    expect(before.find((row) => row.examId === upcoming.examId)).toMatchObject({
      state: 'upcoming',
      canBegin: false,
      cannotBeginReason: '考试尚未开始',
    });
    expect(inGrade(await mine(listClassmate)).map((row) => row.examId)).toContain(forOthers.examId);

    const { attemptId } = (await post(relation('begin'), { examId }, listStudent)).data;
    expect(inGrade(await mine(listStudent)).find((row) => row.examId === examId)).toMatchObject({
      runningAttemptId: attemptId,
      canBegin: false,
      attemptsUsed: 1,
      attemptsAllowed: 2,
    });
    await post(SAVE, { attemptId, answers: [{ itemId: item(0), answer: { choices: [1] }, version: 1 }] }, listStudent);
    await post(relation('submit/audit'), { attemptId }, listStudent);
    const handedIn = inGrade(await mine(listStudent, { state: 'open' }));
    expect(handedIn).toEqual([
      expect.objectContaining({
        examId,
        canBegin: true,
        runningAttemptId: null,
        lastAttempt: expect.objectContaining({ attemptId, objectiveScore: 2, totalScore: null }),
        bestScore: null,
        scoresPublished: false,
        scoreNote: '待批阅',
      }),
    ]);
    expect(await post(relation('brief'), { examId }, listStudent)).toMatchObject({
      code: 200,
      data: { examId, instructions: '请独立完成。', attemptsUsed: 1, scoreNote: '待批阅' },
    });
    expect(await post(relation('brief'), { examId }, listClassmate)).toMatchObject({
      code: 200,
      data: { attemptsUsed: 0, canBegin: true },
    });
    expect(await post(relation('brief'), { examId }, teacher)).toMatchObject(teacherRefused);
    for (const who of [outsider, otherTeacher]) expect(await post(relation('brief'), { examId }, who)).toMatchObject(notMember);
    expect((await post(relation('brief'), { examId })).code).toBe(401);

    await t.app.db.update(exams).set({ scoresPublishedAt: t.clock.now() }).where(eq(exams.id, examId));
    expect(inGrade(await mine(listStudent, { state: 'published' }))).toEqual([
      expect.objectContaining({ examId, bestScore: 2, scoreNote: null, lastAttempt: expect.objectContaining({ totalScore: 2 }) }),
    ]);
    await t.app.db.update(exams).set({ scoresPublishedAt: null }).where(eq(exams.id, examId));
    expect(inGrade(await mine(listStudent, { state: 'upcoming' })).map((row) => row.examId)).toEqual([upcoming.examId]);
    expect(inGrade(await mine(listClassmate)).find((row) => row.examId === examId)).toMatchObject({ lastAttempt: null, attemptsUsed: 0 });

    const ofGrade = await post(relation('page/grade'), { gradeId: listGrade, pageSize: 100 }, listStudent);
    expect(ofGrade.data.total).toBe(2);
    expect((await post(relation('page/grade'), { gradeId: listGrade }, teacher)).data).toMatchObject({ list: [], total: 0 });
    for (const who of [outsider, otherTeacher]) {
      expect(await post(relation('page/grade'), { gradeId: listGrade }, who)).toMatchObject(notMember);
      expect(inGrade(await mine(who))).toEqual([]);
    }
    expect(inGrade(await mine(teacher))).toEqual([]);
    expect((await post(relation('page'), {})).code).toBe(401);
    expect((await post(relation('page/grade'), { gradeId: listGrade })).code).toBe(401);
    expect((await post(relation('page'), { pageSize: 1000 }, listStudent)).code).toBe(422);
  });

  it('tips the exams I can take now and have not handed in, until I ignore one', async () => {
    const first = await examFixture(t.app, listGrade, teacher.id);
    const second = await examFixture(t.app, listGrade, teacher.id);
    const tipIds = async (who: Person) => {
      const tips = (await post(relation('tips'), {}, who)).data as { total: number; exams: Array<{ examId: number }> };
      expect(tips.total).toBe(tips.exams.length);
      return tips.exams.map((tip) => tip.examId).filter((id) => id === first.examId || id === second.examId);
    };
    expect((await tipIds(listClassmate)).sort()).toEqual([first.examId, second.examId].sort());
    expect((await post(relation('tips'), {}, listStudent)).data.exams).toContainEqual(
      expect.objectContaining({ examId: first.examId, title: '阶段测验', gradeName: expect.any(String) }),
    );

    const { attemptId } = (await post(relation('begin'), { examId: first.examId }, listClassmate)).data;
    expect(await tipIds(listClassmate)).toContain(first.examId);
    await post(relation('submit/audit'), { attemptId }, listClassmate);
    expect(await tipIds(listClassmate)).toEqual([second.examId]);

    expect(await put(relation('ignore'), { examId: second.examId }, listStudent)).toMatchObject({ code: 200, msg: '已忽略该考试的提醒' });
    expect(await tipIds(listStudent)).toEqual([first.examId]);
    expect(await tipIds(listClassmate)).toEqual([second.examId]);
    expect(inGrade(await mine(listStudent)).find((row) => row.examId === second.examId)).toMatchObject({ tipIgnored: true });

    expect(await put(relation('ignore'), { examId: second.examId }, teacher)).toMatchObject(teacherRefused);
    for (const who of [outsider, otherTeacher]) {
      expect(await put(relation('ignore'), { examId: second.examId }, who)).toMatchObject(notMember);
      expect(await tipIds(who)).toEqual([]);
    }
    expect(await tipIds(teacher)).toEqual([]);
    expect((await put(relation('ignore'), { examId: second.examId })).code).toBe(401);
    expect((await post(relation('tips'), {})).code).toBe(401);
  });
});
