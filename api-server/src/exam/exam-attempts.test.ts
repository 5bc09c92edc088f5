import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptStatus, MultipleChoiceRule, SubmittedBy, examAttempts, examItems, users } from '../db/schema.js';
import { newLearner, newTeacher, type Person } from '../test-support/learning-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { beginAttempt, continueAttempt, recordAttemptEvent, saveAnswers, settleExpiredAttempts, submitAttempt } from './exam-attempts.js';
import { remarkExam } from './exam-marking.js';
import { examFixture, gradeFixture, sessionUserOf } from '../test-support/exam-test-kit.js';

let t: TestApp;
let teacher: Person;
let assistant: Person;
let student: Person;
let classmate: Person;
let outsider: Person;
let gradeId: number;

const now = () => t.app.clock.now();
const as = (person: Person) => sessionUserOf(t.app, person.id);
const minutes = (count: number) => count * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await newTeacher(t.app);
  assistant = await newLearner(t.app);
  student = await newLearner(t.app);
  classmate = await newLearner(t.app);
  outsider = await newLearner(t.app);
  gradeId = await gradeFixture(t.app, teacher.id, { students: [assistant.id, student.id, classmate.id], admins: 1 });
});

afterAll(() => t.close());

describe('the grade-admin flag', () => {
  it('is set for the teacher and the class admin, not for a plain student or an outsider', async () => {
    const flags = await t.app.db.select({ id: users.id, isGradeAdmin: users.isGradeAdmin }).from(users);
    const flagOf = (person: Person) => flags.find((row) => row.id === person.id)?.isGradeAdmin;
    expect([flagOf(teacher), flagOf(assistant), flagOf(student), flagOf(outsider)]).toEqual([true, true, false, false]);
  });
});

describe('taking an exam against the server clock', () => {
  it('begins once: a second begin returns the same attempt with the same deadline', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 30 });
    const first = await beginAttempt(t.app.db, await as(classmate), examId, now());
    t.clock.advance(minutes(5));
    const again = await beginAttempt(t.app.db, await as(classmate), examId, now());
    expect(again.attemptId).toBe(first.attemptId);
    expect(again.deadlineAt).toBe(first.deadlineAt);
    expect(again.remainingSeconds).toBe(25 * 60);
    expect(first.items.map((item) => item.kind)).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.stringify(first.items)).not.toContain('answerKey');
  });

  it('refuses the teacher, class admins, outsiders, and students not chosen for the exam', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { chosenStudents: [student.id] });
    await expect(beginAttempt(t.app.db, await as(teacher), examId, now())).rejects.toThrow('老师不能参加自己班级的考试');
    await expect(beginAttempt(t.app.db, await as(assistant), examId, now())).rejects.toThrow('班级管理员负责管理考试，不参加本班考试');
    await expect(beginAttempt(t.app.db, await as(outsider), examId, now())).rejects.toThrow('你不是该班级的成员');
    await expect(beginAttempt(t.app.db, await as(classmate), examId, now())).rejects.toThrow('你不在本场考试的考生名单中');
    await expect(beginAttempt(t.app.db, await as(student), examId, now())).resolves.toMatchObject({ attemptNo: 1 });
  });

  it('refuses to begin before the window opens and after it closes', async () => {
    const later = await examFixture(t.app, gradeId, teacher.id, { opensAt: new Date(now().getTime() + minutes(60)) });
    await expect(beginAttempt(t.app.db, await as(classmate), later.examId, now())).rejects.toThrow('考试尚未开始');
    const closed = await examFixture(t.app, gradeId, teacher.id, { opensAt: new Date(now().getTime() - minutes(60)), closesAt: now() });
    await expect(beginAttempt(t.app.db, await as(classmate), closed.examId, now())).rejects.toThrow('考试已结束');
  });

  it('ends an attempt at the window close when that comes before its duration', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id, {
      closesAt: new Date(now().getTime() + minutes(10)),
      durationMinutes: 60,
    });
    const sheet = await beginAttempt(t.app.db, await as(classmate), examId, now());
    expect(sheet.remainingSeconds).toBe(600);
  });

  it('keeps the later version when two tabs save the same answer, in either order of arrival', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id);
    const { attemptId } = await beginAttempt(t.app.db, await as(classmate), examId, now());
    const single = item(0);
    const later = await saveAnswers(
      t.app.db,
      await as(classmate),
      { attemptId, answers: [{ itemId: single, answer: { choices: [1] }, version: 20 }] },
      now(),
    );
    const earlier = await saveAnswers(
      t.app.db,
      await as(classmate),
      { attemptId, answers: [{ itemId: single, answer: { choices: [0] }, version: 10 }] },
      now(),
    );
    expect(later.saved).toEqual([{ itemId: single, version: 20, accepted: true }]);
    expect(earlier.saved).toEqual([{ itemId: single, version: 20, accepted: false }]);
    const sheet = await continueAttempt(t.app.db, await as(classmate), examId, now());
    expect(sheet.answers).toEqual([expect.objectContaining({ itemId: single, answer: { choices: [1] }, version: 20 })]);
  });

  it("refuses answers to another student's attempt and items of another exam", async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    const other = await examFixture(t.app, gradeId, teacher.id);
    const { attemptId } = await beginAttempt(t.app.db, await as(classmate), examId, now());
    const answers = [{ itemId: other.item(0), answer: { choices: [0] }, version: 1 }];
    await expect(saveAnswers(t.app.db, await as(student), { attemptId, answers }, now())).rejects.toThrow('答卷不存在');
    await expect(saveAnswers(t.app.db, await as(classmate), { attemptId, answers }, now())).rejects.toThrow('题目不属于这份答卷');
  });

  it('hands the attempt in at the deadline: saves are refused, continue says so, the scheduler settles the rest', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 20 });
    const mine = await beginAttempt(t.app.db, await as(classmate), examId, now());
    const theirs = await beginAttempt(t.app.db, await as(student), examId, now());
    await saveAnswers(
      t.app.db,
      await as(classmate),
      { attemptId: mine.attemptId, answers: [{ itemId: item(2), answer: { truth: false }, version: 1 }] },
      now(),
    );
    t.clock.advance(minutes(20));
    const late = { attemptId: mine.attemptId, answers: [{ itemId: item(0), answer: { choices: [1] }, version: 2 }] };
    await expect(saveAnswers(t.app.db, await as(classmate), late, now())).rejects.toThrow('考试已结束，答案未保存');
    await expect(continueAttempt(t.app.db, await as(classmate), examId, now())).rejects.toThrow('没有进行中的考试');
    const [handedIn] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, mine.attemptId));
    expect(handedIn).toMatchObject({ status: AttemptStatus.graded, submittedBy: SubmittedBy.deadline, objectiveScore: 2 });
    await expect(continueAttempt(t.app.db, await as(student), examId, now())).rejects.toThrow('考试时间已到，答卷已自动提交');
    await expect(beginAttempt(t.app.db, await as(student), examId, now())).rejects.toThrow('已达到本场考试允许的作答次数');
    const [theirAttempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, theirs.attemptId));
    expect(theirAttempt!.submittedBy).toBe(SubmittedBy.deadline);
  });

  it('lets the scheduler hand in attempts nobody touches after the deadline', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id, { durationMinutes: 5 });
    const { attemptId } = await beginAttempt(t.app.db, await as(classmate), examId, now());
    const statusOf = async () => (await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId)))[0]!;
    t.clock.advance(minutes(5) - 1);
    await settleExpiredAttempts(t.app.db, now());
    expect((await statusOf()).status).toBe(AttemptStatus.inProgress);
    t.clock.advance(1);
    expect(await settleExpiredAttempts(t.app.db, now())).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toMatchObject({ status: AttemptStatus.graded, submittedBy: SubmittedBy.deadline });
  });
});

describe('handing in and marking', () => {
  it('marks objective items at submit, leaves the short answer for a grader, and is idempotent', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id, { multipleChoiceRule: MultipleChoiceRule.partialCredit });
    const { attemptId } = await beginAttempt(t.app.db, await as(classmate), examId, now());
    const answers = [
      { itemId: item(0), answer: { choices: [1] }, version: 1 },
      { itemId: item(1), answer: { choices: [0, 1] }, version: 1 },
      { itemId: item(2), answer: { truth: true }, version: 1 },
      { itemId: item(3), answer: { blanks: ['ｃｕｄａ', ' nvidia-smi '] }, version: 1 },
      { itemId: item(4), answer: { text: '每张卡一份模型，梯度做 all-reduce。' }, version: 1 },
    ];
    await saveAnswers(t.app.db, await as(classmate), { attemptId, answers }, now());
    await recordAttemptEvent(t.app.db, await as(classmate), attemptId, 'leave', now());
    const result = await submitAttempt(t.app.db, await as(classmate), attemptId, now());
    expect(result).toEqual({
      attemptId,
      status: AttemptStatus.submitted,
      submittedBy: SubmittedBy.student,
      objectiveScore: 2 + 2.7 + 0 + 4,
      ungradedCount: 1,
    });
    await expect(submitAttempt(t.app.db, await as(classmate), attemptId, now())).resolves.toEqual(result);
    await expect(saveAnswers(t.app.db, await as(classmate), { attemptId, answers }, now())).rejects.toThrow('答卷已提交，不能再修改答案');
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt!.leaveCount).toBe(1);
  });

  it('regrades every handed-in attempt when the key is corrected', async () => {
    const { examId, item } = await examFixture(t.app, gradeId, teacher.id);
    const { attemptId } = await beginAttempt(t.app.db, await as(classmate), examId, now());
    await saveAnswers(
      t.app.db,
      await as(classmate),
      { attemptId, answers: [{ itemId: item(2), answer: { truth: true }, version: 1 }] },
      now(),
    );
    expect((await submitAttempt(t.app.db, await as(classmate), attemptId, now())).objectiveScore).toBe(0);
    await t.app.db
      .update(examItems)
      .set({ answerKey: { truth: true } })
      .where(eq(examItems.id, item(2)));
    expect(await remarkExam(t.app.db, examId)).toBe(1);
    const [attempt] = await t.app.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt!.objectiveScore).toBe(2);
  });
});
