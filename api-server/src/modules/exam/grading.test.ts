import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examItems, examStudents, messages, users } from '../../db/schema.js';
import { beginAttempt, recordAttemptEvent, saveAnswers, submitAttempt } from '../../exam/exam-attempts.js';
import { examFixture, gradeFixture, sessionUserOf, type ExamFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let outsider: Person;
let otherTeacher: Person;
let gradeId: number;

const api = (method: 'POST' | 'PUT', path: string, body: unknown, who?: Person) =>
  call(t.app, method, `/apis/exam${path}`, body, who?.token);
const post = (path: string, body: unknown, who?: Person) => api('POST', path, body, who);
const put = (path: string, body: unknown, who?: Person) => api('PUT', path, body, who);
const now = () => t.app.clock.now();
const as = (person: Person) => sessionUserOf(t.app, person.id);

const LIST = '/auth/grade/exam/student/relation/list';
const VIEW = '/auth/grade/exam/student/relation/view';
const SCORE = '/auth/grade/exam/student/relation/view/score';
const PUBLISH = '/auth/grade/exam/student/relation/audit/complete';
const PAPER = '/auth/grade/student/exam/answer/view';
const SYS_AUDIT = '/auth/grade/student/exam/answer/sys/audit';
const QUEUE = '/auth/grade/student/exam/answer/queue';
const AUDIT = '/auth/grade/student/exam/answer/audit';

const managersOnly = { code: 403, msg: '仅班级的老师和管理员可以执行此操作' };

/** Answers every item right but the multiple choice (2 of 3 choices) and writes `shortText` for the short answer, then hands in. */
async function sit(person: Person, fixture: ExamFixture, shortText: string, handIn = true): Promise<number> {
  const { attemptId } = await beginAttempt(t.app.db, await as(person), fixture.examId, now());
  const answers = [
    { itemId: fixture.item(0), answer: { choices: [1] }, version: 1 },
    { itemId: fixture.item(1), answer: { choices: [0, 1] }, version: 1 },
    { itemId: fixture.item(2), answer: { truth: false }, version: 1 },
    { itemId: fixture.item(3), answer: { blanks: ['cuda', 'nvidia-smi'] }, version: 1 },
    { itemId: fixture.item(4), answer: { text: shortText }, version: 1 },
  ];
  await saveAnswers(t.app.db, await as(person), { attemptId, answers }, now());
  if (handIn) await submitAttempt(t.app.db, await as(person), attemptId, now());
  return attemptId;
}

const publishedNoticesOf = async (person: Person) =>
  (
    await t.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, person.id), eq(messages.title, '考试「阶段测验」的成绩已发布')))
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, admin, student, classmate, outsider] = await Promise.all([
    newTeacher(t.app),
    newTeacher(t.app),
    newLearner(t.app),
    newLearner(t.app),
    newLearner(t.app),
    newLearner(t.app),
  ]);
  gradeId = await gradeFixture(t.app, teacher.id, { students: [admin.id, student.id, classmate.id], admins: 1 });
});
afterAll(() => t.close());

describe('relation/list', () => {
  it('shows the teacher and admins every student the exam is for (admins do not sit it), with attempts, events and 未参加', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id);
    const attemptId = await sit(student, fixture, '数据并行：每张卡一份模型。', false);
    await recordAttemptEvent(t.app.db, await as(student), attemptId, 'leave', now());
    await recordAttemptEvent(t.app.db, await as(student), attemptId, 'return', now());
    await submitAttempt(t.app.db, await as(student), attemptId, now());
    for (const who of [teacher, admin]) {
      const answer = await post(LIST, { examId: fixture.examId }, who);
      expect(answer.code).toBe(200);
      expect(answer.data.exam).toMatchObject({ audienceCount: 2, absentCount: 1, handedInCount: 1, ungradedCount: 1, state: 'open' });
      const rows = answer.data.students as Array<{ userId: number; attempts: unknown[] }>;
      expect(rows.map((row) => row.userId).sort()).toEqual([student.id, classmate.id].sort());
      expect(rows.find((row) => row.userId === student.id)!.attempts).toEqual([
        expect.objectContaining({ attemptId, status: 2, submittedBy: 1, objectiveScore: 8, ungradedCount: 1, leaveCount: 1 }),
      ]);
      expect(rows.find((row) => row.userId === classmate.id)!.attempts).toEqual([]);
    }
    for (const who of [student, outsider, otherTeacher])
      expect(await post(LIST, { examId: fixture.examId }, who)).toMatchObject(managersOnly);
    expect((await post(LIST, { examId: fixture.examId })).code).toBe(401);
    expect(await post(LIST, { examId: 999_999 }, teacher)).toMatchObject({ code: 404, msg: '考试不存在或已删除' });
  });

  it('lists the chosen students of a chosen-students exam and those given a compensation (补考)', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id, { chosenStudents: [classmate.id] });
    await t.app.db.insert(examStudents).values({
      examId: fixture.examId,
      userId: student.id,
      compensateOpensAt: now(),
      compensateClosesAt: new Date(now().getTime() + 3_600_000),
      compensateAttempts: 1,
    });
    const answer = await post(LIST, { examId: fixture.examId }, teacher);
    expect(answer.data.students).toHaveLength(2);
    expect(answer.data.students).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: student.id, compensated: true, attempts: [] }),
        expect.objectContaining({ userId: classmate.id, compensated: false, attempts: [] }),
      ]),
    );
    expect(answer.data.exam).toMatchObject({ audienceCount: 2, absentCount: 2 });
  });
});

describe('relation/view', () => {
  it('shows managers any attempt with its events; the student only their own and only after publishing', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id);
    const attemptId = await sit(student, fixture, '略', false);
    await recordAttemptEvent(t.app.db, await as(student), attemptId, 'offline', now());
    await recordAttemptEvent(t.app.db, await as(student), attemptId, 'online', now());
    await submitAttempt(t.app.db, await as(student), attemptId, now());
    for (const who of [teacher, admin]) {
      const view = await post(VIEW, { attemptId }, who);
      expect(view.code).toBe(200);
      expect(view.data).toMatchObject({ userId: student.id, attempt: { attemptId, status: 2 } });
      expect(view.data.events.map((event: { kind: string }) => event.kind)).toEqual(['offline', 'online']);
    }
    expect(await post(VIEW, { attemptId }, student)).toMatchObject({ code: 409, msg: '成绩发布后才能查看答卷' });
    for (const who of [classmate, outsider, otherTeacher])
      expect(await post(VIEW, { attemptId }, who)).toMatchObject({ code: 404, msg: '答卷不存在' });
    expect((await post(VIEW, { attemptId })).code).toBe(401);

    await put(AUDIT, { attemptId, itemId: fixture.item(4), score: 4 }, teacher);
    expect((await put(PUBLISH, { examId: fixture.examId }, teacher)).code).toBe(200);
    expect(await post(VIEW, { attemptId }, student)).toMatchObject({
      code: 200,
      data: { attempt: { attemptId, status: 3, totalScore: 12 } },
    });
    expect((await post(VIEW, { attemptId }, classmate)).code).toBe(404);
  });
});

describe('answer/queue and answer/audit', () => {
  it('gives graders the short answers anonymously, numbered by paper', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id);
    const first = await sit(student, fixture, '第一份作答');
    const second = await sit(classmate, fixture, '第二份作答');
    for (const who of [teacher, admin]) {
      const queue = await post(QUEUE, { examId: fixture.examId }, who);
      expect(queue.code).toBe(200);
      expect(queue.data).toMatchObject({ total: 2, gradedCount: 0 });
      expect(queue.data.list).toEqual([
        expect.objectContaining({
          attemptId: first,
          sheetNo: 1,
          text: '第一份作答',
          points: 8,
          manualScore: null,
          reference: expect.any(String),
        }),
        expect.objectContaining({ attemptId: second, sheetNo: 2, text: '第二份作答' }),
      ]);
      const people = await t.app.db.select().from(users).where(eq(users.id, student.id));
      const text = JSON.stringify(queue.data);
      for (const secret of [people[0]!.nickname, people[0]!.mobile, 'userId']) expect(text).not.toContain(secret);
    }
    for (const who of [student, outsider, otherTeacher])
      expect(await post(QUEUE, { examId: fixture.examId }, who)).toMatchObject(managersOnly);
    expect((await post(QUEUE, { examId: fixture.examId })).code).toBe(401);

    const graded = await put(AUDIT, { attemptId: second, itemId: fixture.item(4), score: 6.5, comment: '要点齐全' }, admin);
    expect(graded.data).toMatchObject({
      answer: { sheetNo: 2, manualScore: 6.5, comment: '要点齐全' },
      attempt: { status: 3, subjectiveScore: 6.5, totalScore: 14.5, ungradedCount: 0 },
      examUngradedCount: 1,
    });
    expect(
      (await post(QUEUE, { examId: fixture.examId, graded: false }, teacher)).data.list.map((a: { sheetNo: number }) => a.sheetNo),
    ).toEqual([1]);
    expect((await post(QUEUE, { examId: fixture.examId, graded: true }, teacher)).data).toMatchObject({
      gradedCount: 1,
      list: [expect.objectContaining({ sheetNo: 2 })],
    });
  });

  it('refuses marks out of bounds, objective items, unfinished attempts and anyone but the managers', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id);
    const handedIn = await sit(student, fixture, '作答');
    const running = await sit(classmate, fixture, '还在写', false);
    const short = fixture.item(4);
    expect(await put(AUDIT, { attemptId: handedIn, itemId: short, score: 8.5 }, teacher)).toMatchObject({
      code: 422,
      msg: '得分不能超过本题分值 8 分',
    });
    expect(await put(AUDIT, { attemptId: handedIn, itemId: short, score: 2.25 }, teacher)).toMatchObject({
      code: 422,
      msg: '得分最多保留一位小数',
    });
    expect((await put(AUDIT, { attemptId: handedIn, itemId: short, score: -1 }, teacher)).code).toBe(422);
    expect((await put(AUDIT, { attemptId: handedIn, itemId: short, score: 1, comment: '长'.repeat(501) }, teacher)).code).toBe(422);
    expect(await put(AUDIT, { attemptId: handedIn, itemId: fixture.item(0), score: 1 }, teacher)).toMatchObject({
      code: 422,
      msg: '只有简答题需要老师批阅',
    });
    expect(await put(AUDIT, { attemptId: running, itemId: short, score: 1 }, teacher)).toMatchObject({
      code: 409,
      msg: '学生尚未交卷，不能批阅',
    });
    const otherExam = await examFixture(t.app, gradeId, teacher.id);
    expect(await put(AUDIT, { attemptId: handedIn, itemId: otherExam.item(4), score: 1 }, teacher)).toMatchObject({ code: 404 });
    for (const who of [student, classmate, outsider, otherTeacher]) {
      expect(await put(AUDIT, { attemptId: handedIn, itemId: short, score: 8 }, who)).toMatchObject(managersOnly);
    }
    expect((await put(AUDIT, { attemptId: handedIn, itemId: short, score: 8 })).code).toBe(401);
    expect((await post(QUEUE, { examId: fixture.examId }, teacher)).data.list[0].manualScore).toBeNull();
  });
});

describe('audit/complete (批阅完成) and the student’s score', () => {
  it('waits for the short answers and the students still writing, then publishes and tells each student', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id, { showAnswers: true });
    const attemptId = await sit(student, fixture, '每张卡一份副本');
    const running = await sit(classmate, fixture, '', false);
    expect(await put(PUBLISH, { examId: fixture.examId }, teacher)).toMatchObject({ code: 409, msg: '还有 1 份简答题未批阅' });

    const before = await post(SCORE, { examId: fixture.examId }, student);
    expect(before.data).toMatchObject({
      published: false,
      attempts: [{ attemptId, status: 2, objectiveScore: 8, subjectiveScore: null, totalScore: null, comments: [] }],
    });
    expect(await post(PAPER, { attemptId }, student)).toMatchObject({ code: 409, msg: '成绩发布后才能查看答卷' });

    await put(AUDIT, { attemptId, itemId: fixture.item(4), score: 7, comment: '还可以提到梯度同步' }, teacher);
    expect(await put(PUBLISH, { examId: fixture.examId }, admin)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('还有 1 名学生正在作答'),
    });
    for (const who of [student, outsider, otherTeacher])
      expect(await put(PUBLISH, { examId: fixture.examId }, who)).toMatchObject(managersOnly);
    expect((await put(PUBLISH, { examId: fixture.examId })).code).toBe(401);

    const noticesBefore = await publishedNoticesOf(student);
    t.clock.advance(61 * 60_000);
    const published = await put(PUBLISH, { examId: fixture.examId }, admin);
    expect(published).toMatchObject({ code: 200, data: { examId: fixture.examId, notifiedCount: 2 } });
    expect(await put(PUBLISH, { examId: fixture.examId }, teacher)).toMatchObject({ code: 409, msg: '成绩已发布' });
    expect(await publishedNoticesOf(student)).toBe(noticesBefore + 1);

    const after = await post(SCORE, { examId: fixture.examId }, student);
    expect(after.data).toMatchObject({
      published: true,
      attempts: [
        {
          attemptId,
          status: 3,
          objectiveScore: 8,
          subjectiveScore: 7,
          totalScore: 15,
          comments: [expect.objectContaining({ manualScore: 7, comment: '还可以提到梯度同步', points: 8 })],
        },
      ],
    });
    const classmateScore = await post(SCORE, { examId: fixture.examId }, classmate);
    expect(classmateScore.data.attempts).toEqual([expect.objectContaining({ attemptId: running, submittedBy: 2, totalScore: 8 })]);
    expect(await post(SCORE, { examId: fixture.examId }, outsider)).toMatchObject({ code: 403, msg: '你不是该班级的成员' });
    expect(await post(SCORE, { examId: fixture.examId }, teacher)).toMatchObject({ code: 403 });
    expect((await post(SCORE, { examId: fixture.examId })).code).toBe(401);

    const corrected = await put(AUDIT, { attemptId, itemId: fixture.item(4), score: 8, comment: '复核后满分' }, teacher);
    expect(corrected.data.attempt.totalScore).toBe(16);
    expect((await post(SCORE, { examId: fixture.examId }, student)).data.attempts[0]).toMatchObject({ totalScore: 16, subjectiveScore: 8 });
  });
});

describe('answer/view', () => {
  it('shows the marked paper: the key to managers, to the student after publishing only when allowed', async () => {
    const hidden = await examFixture(t.app, gradeId, teacher.id, { showAnswers: false });
    const attemptId = await sit(student, hidden, '作答');
    for (const who of [teacher, admin]) {
      const paper = await post(PAPER, { attemptId }, who);
      expect(paper.data).toMatchObject({ keyShown: true, attempt: { attemptId } });
      expect(paper.data.items[1]).toMatchObject({ kind: 2, answer: { choices: [0, 1] }, score: 0, answerKey: { choices: [0, 1, 3] } });
      expect(paper.data.items[4]).toMatchObject({ kind: 5, score: null, answer: { text: '作答' } });
    }
    for (const who of [classmate, outsider, otherTeacher])
      expect(await post(PAPER, { attemptId }, who)).toMatchObject({ code: 404, msg: '答卷不存在' });
    expect((await post(PAPER, { attemptId })).code).toBe(401);

    await put(AUDIT, { attemptId, itemId: hidden.item(4), score: 5, comment: '不错' }, teacher);
    await put(PUBLISH, { examId: hidden.examId }, teacher);
    const mine = await post(PAPER, { attemptId }, student);
    expect(mine.data.keyShown).toBe(false);
    expect(
      mine.data.items.every((item: { answerKey: unknown; analysis: unknown }) => item.answerKey === null && item.analysis === null),
    ).toBe(true);
    expect(mine.data.items[4]).toMatchObject({ score: 5, comment: '不错' });

    const shown = await examFixture(t.app, gradeId, teacher.id, { showAnswers: true });
    const shownAttempt = await sit(student, shown, '作答');
    await put(AUDIT, { attemptId: shownAttempt, itemId: shown.item(4), score: 5 }, teacher);
    await put(PUBLISH, { examId: shown.examId }, teacher);
    expect((await post(PAPER, { attemptId: shownAttempt }, student)).data).toMatchObject({
      keyShown: true,
      items: expect.arrayContaining([expect.objectContaining({ answerKey: { choices: [1] } })]),
    });
  });
});

describe('answer/sys/audit', () => {
  it('lets managers regrade every handed-in attempt after a key correction, keeping the graders’ marks', async () => {
    const fixture = await examFixture(t.app, gradeId, teacher.id);
    const attemptId = await sit(student, fixture, '作答');
    await put(AUDIT, { attemptId, itemId: fixture.item(4), score: 3 }, teacher);
    await t.app.db
      .update(examItems)
      .set({ answerKey: { choices: [0, 1] } })
      .where(eq(examItems.id, fixture.item(1)));
    for (const who of [student, outsider, otherTeacher])
      expect(await post(SYS_AUDIT, { examId: fixture.examId }, who)).toMatchObject(managersOnly);
    expect((await post(SYS_AUDIT, { examId: fixture.examId })).code).toBe(401);
    expect(await post(SYS_AUDIT, { examId: fixture.examId }, admin)).toMatchObject({ code: 200, data: { remarkedCount: 1 } });
    const [row] = (await post(LIST, { examId: fixture.examId }, teacher)).data.students.filter(
      (s: { userId: number }) => s.userId === student.id,
    );
    expect(row.attempts[0]).toMatchObject({ objectiveScore: 12, subjectiveScore: 3, totalScore: 15 });
    expect((await post(SYS_AUDIT, { examId: fixture.examId }, teacher)).data.remarkedCount).toBe(1);
  });
});
