import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, examItems, messages } from '../../db/schema.js';
import { beginAttempt, saveAnswers, submitAttempt } from '../../exam/exam-attempts.js';
import { everyKind, gradeFixture, sessionUserOf } from '../../test-support/exam-test-kit.js';
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
let bank: number[];
let foreignQuestion: number;

const HOUR = 3_600_000;
const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam/auth/grade${path}`, body, who?.token);
const put = (path: string, body: unknown, who?: Person) => call(t.app, 'PUT', `/apis/exam/auth/grade${path}`, body, who?.token);
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

const setting = (overrides: object = {}) => ({
  gradeId,
  title: '单元测验',
  instructions: '独立完成',
  opensAt: at(0),
  closesAt: at(24 * HOUR),
  durationMinutes: 60,
  attemptsAllowed: 1,
  audience: 1,
  multipleChoiceRule: 1,
  showAnswers: false,
  items: bank.map((questionId, index) => ({ questionId, points: index + 1 })),
  ...overrides,
});
const saveExam = async (overrides: object = {}, who = teacher) => {
  const saved = await post('/exam/save', setting(overrides), who);
  expect(saved.code).toBe(200);
  return saved.data.examId as number;
};
const sessionOf = (who: Person) => sessionUserOf(t.app, who.id);
const messagesOf = (who: Person) => t.app.db.select().from(messages).where(eq(messages.userId, who.id));

/** Every role but the class's managers gets the same refusal; anonymous callers must sign in. */
async function onlyManagers(send: (who?: Person) => Promise<{ code: number; msg: string }>) {
  for (const who of [student, outsider, otherTeacher]) {
    expect(await send(who)).toMatchObject({ code: 403, msg: '仅班级的老师和管理员可以执行此操作' });
  }
  expect((await send()).code).toBe(401);
}

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
  bank = [];
  for (const question of everyKind) bank.push((await post('/question/save', question, teacher)).data.questionId);
  foreignQuestion = (await post('/question/save', everyKind[0], otherTeacher)).data.questionId;
});
afterAll(() => t.close());

describe('exam/save', () => {
  it('copies the class teacher’s questions with their points, totals them and tells the students who sit it', async () => {
    const saved = await post('/exam/save', setting(), teacher);
    expect(saved).toMatchObject({ code: 200, msg: '考试已发布', data: { totalPoints: 15, questionCount: 5 } });
    const items = await t.app.db.select().from(examItems).where(eq(examItems.examId, saved.data.examId));
    expect(items.map((item) => [item.questionId, item.sort, item.points, item.kind])).toEqual(
      bank.map((questionId, index) => [questionId, index + 1, index + 1, everyKind[index]!.kind]),
    );
    for (const who of [student, classmate]) {
      expect(await messagesOf(who)).toContainEqual(
        expect.objectContaining({ title: expect.stringMatching(/^班级「测试班级\d+」发布了考试「单元测验」$/) }),
      );
    }
    expect(await messagesOf(admin)).toEqual([]);
    expect(await messagesOf(outsider)).toEqual([]);
  });

  it('lets a class admin set an exam from the class teacher’s bank, for chosen students only', async () => {
    const saved = await post('/exam/save', setting({ title: '小测', audience: 2, studentIds: [classmate.id] }), admin);
    expect(saved.code).toBe(200);
    const ids = await post('/exam/get/student/ids', { examId: saved.data.examId }, admin);
    expect(ids.data).toEqual({ studentIds: [classmate.id], compensations: [] });
    expect((await messagesOf(classmate)).filter((message) => message.title.includes('「小测」'))).toHaveLength(1);
    expect((await messagesOf(student)).filter((message) => message.title.includes('「小测」'))).toHaveLength(0);
  });

  it('refuses settings that do not hold together, with the reason', async () => {
    const refused = async (overrides: object, msg: string | RegExp) => {
      const answer = await post('/exam/save', setting(overrides), teacher);
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(msg);
    };
    await refused({ closesAt: at(0) }, '考试结束时间必须晚于开始时间');
    await refused({ closesAt: at(367 * 24 * HOUR) }, '考试时间不能超过一年');
    await refused(
      {
        items: [
          { questionId: bank[0], points: 2 },
          { questionId: bank[0], points: 3 },
        ],
      },
      '同一道题不能在试卷中出现两次',
    );
    await refused({ items: [{ questionId: foreignQuestion, points: 2 }] }, '试题必须来自班级老师的题库，且未被删除');
    await refused({ items: [] }, /试题/);
    await refused({ items: [{ questionId: bank[0], points: 101 }] }, /分值/);
    await refused({ durationMinutes: 601 }, /考试时长/);
    await refused({ attemptsAllowed: 11 }, /可作答次数/);
    await refused({ title: '' }, /考试名称/);
    await refused({ audience: 2 }, '请选择参加考试的学生');
    await refused({ audience: 2, studentIds: [student.id, outsider.id] }, '所选学生中有人不是本班学生');
    await refused({ opensAt: 'tomorrow' }, /opensAt|格式|date-time/);

    const gone = (await post('/question/save', everyKind[2], teacher)).data.questionId;
    await post('/question/del', { questionId: gone }, teacher);
    await refused({ items: [{ questionId: gone, points: 2 }] }, '试题必须来自班级老师的题库，且未被删除');
  });

  it('is refused to students, non-members and anonymous callers', async () => {
    await onlyManagers((who) => post('/exam/save', setting(), who));
    expect(await post('/exam/save', setting({ gradeId: 999_999 }), teacher)).toMatchObject({ code: 404, msg: '班级不存在或已解散' });
  });
});

describe('exam/question/page', () => {
  it('shows the class teacher’s bank to the teacher and class admins, to set exams from', async () => {
    for (const who of [teacher, admin]) {
      const page = await post('/exam/question/page', { gradeId, kind: 4, pageSize: 50 }, who);
      expect(page.data.list).toEqual([expect.objectContaining({ questionId: bank[3], kind: 4 })]);
    }
    await onlyManagers((who) => post('/exam/question/page', { gradeId }, who));
  });
});

describe('exam/paper, exam/get/student/ids', () => {
  it('show the exam with its keys and its students to the class’s managers only', async () => {
    const examId = await saveExam({ audience: 2, studentIds: [student.id, classmate.id] });
    for (const who of [teacher, admin]) {
      const paper = await post('/exam/paper', { examId }, who);
      expect(paper.data).toMatchObject({ examId, audience: 2, studentIds: [student.id, classmate.id].sort((a, b) => a - b), begun: false });
      expect(paper.data.items.map((item: { answerKey: object }) => item.answerKey)).toEqual(
        everyKind.map((question) => question.answerKey),
      );
      expect(paper.data.items[0]).toMatchObject({ optionsHtml: ['24GB', '40GB 或 80GB', '12GB'], analysisHtml: '' });
      expect((await post('/exam/get/student/ids', { examId }, who)).data.studentIds).toEqual(
        [student.id, classmate.id].sort((a, b) => a - b),
      );
    }
    await onlyManagers((who) => post('/exam/paper', { examId }, who));
    await onlyManagers((who) => post('/exam/get/student/ids', { examId }, who));
    expect(await post('/exam/paper', { examId: 999_999 }, teacher)).toMatchObject({ code: 404, msg: '考试不存在或已删除' });
  });
});

describe('exam/edit', () => {
  it('rewrites the exam until a student begins; afterwards only showing the answers may change', async () => {
    const examId = await saveExam();
    await onlyManagers((who) => post('/exam/edit', { ...setting({ title: '偷改' }), examId }, who));

    const edited = await post(
      '/exam/edit',
      { ...setting({ title: '改过的测验', items: [{ questionId: bank[1], points: 10 }] }), examId },
      admin,
    );
    expect(edited).toMatchObject({ code: 200, data: { examId, totalPoints: 10, questionCount: 1 } });
    const body = { ...setting({ title: '改过的测验', items: [{ questionId: bank[1], points: 10 }] }), examId };
    expect((await post('/exam/paper', { examId }, teacher)).data).toMatchObject({ title: '改过的测验', questionCount: 1 });

    await beginAttempt(t.app.db, await sessionOf(student), examId, t.app.clock.now());
    expect(await post('/exam/edit', { ...body, title: '再改' }, teacher)).toMatchObject({
      code: 409,
      msg: '已有学生开始作答，试卷不能再修改；如需另开时间请使用补考',
    });
    expect((await post('/exam/edit', { ...body, items: [{ questionId: bank[1], points: 11 }] }, teacher)).code).toBe(409);
    expect((await post('/exam/edit', { ...body, closesAt: at(48 * HOUR) }, admin)).code).toBe(409);
    expect(await post('/exam/edit', { ...body, showAnswers: true }, teacher)).toMatchObject({ code: 200 });
    expect((await post('/exam/paper', { examId }, teacher)).data).toMatchObject({ showAnswers: true, begun: true, title: '改过的测验' });
  });
});

describe('exam/del', () => {
  it('removes an exam nobody has begun, and refuses one somebody has', async () => {
    const untouched = await saveExam({ title: '待删除' });
    await onlyManagers((who) => post('/exam/del', { examId: untouched }, who));
    expect(await post('/exam/del', { examId: untouched }, admin)).toMatchObject({ code: 200, msg: '考试已删除' });
    const listed = await post('/exam/admin/page', { gradeId, pageSize: 100 }, teacher);
    expect(listed.data.list.map((exam: { examId: number }) => exam.examId)).not.toContain(untouched);
    expect(await post('/exam/del', { examId: untouched }, teacher)).toMatchObject({ code: 404, msg: '考试不存在或已删除' });

    const begun = await saveExam({ title: '已开考' });
    await beginAttempt(t.app.db, await sessionOf(classmate), begun, t.app.clock.now());
    expect(await post('/exam/del', { examId: begun }, teacher)).toMatchObject({ code: 409, msg: '已有学生作答的考试不能删除' });
  });
});

describe('exam/edit/compensate/status', () => {
  it('gives chosen members a window of their own after the exam closed, and withdraws it', async () => {
    const examId = await saveExam({ title: '期中', closesAt: at(2 * HOUR) });
    t.clock.advance(3 * HOUR);
    expect(await beginAttempt(t.app.db, await sessionOf(student), examId, t.app.clock.now()).catch((error) => error.message)).toBe(
      '考试已结束',
    );

    const grant = { examId, userIds: [student.id], opensAt: at(0), closesAt: at(2 * HOUR), extraAttempts: 1 };
    await onlyManagers((who) => post('/exam/edit/compensate/status', grant, who));
    expect(await post('/exam/edit/compensate/status', grant, admin)).toMatchObject({ code: 200, msg: '已安排补考', data: { count: 1 } });
    expect((await post('/exam/get/student/ids', { examId }, teacher)).data.compensations).toEqual([
      { userId: student.id, opensAt: grant.opensAt, closesAt: grant.closesAt, extraAttempts: 1 },
    ]);
    expect(await messagesOf(student)).toContainEqual(expect.objectContaining({ title: '考试「期中」补考通知' }));
    const sheet = await beginAttempt(t.app.db, await sessionOf(student), examId, t.app.clock.now());
    expect(sheet.attemptId).toBeGreaterThan(0);

    const refused = async (body: object, msg: string | RegExp) => {
      const answer = await post('/exam/edit/compensate/status', { ...grant, ...body }, teacher);
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(msg);
    };
    await refused({ userIds: [outsider.id] }, '所选学生中有人不是本班学生');
    await refused({ closesAt: grant.opensAt }, '补考结束时间必须晚于开始时间');
    await refused({ opensAt: at(-3 * HOUR), closesAt: at(-HOUR) }, '补考结束时间必须晚于现在');
    await refused({ extraAttempts: 6 }, /补考次数/);
    await refused({ extraAttempts: undefined }, '请填写补考的开始时间、结束时间和补考次数');
    await refused({ userIds: [] }, /学生/);

    expect(await post('/exam/edit/compensate/status', { examId, userIds: [student.id], clear: true }, teacher)).toMatchObject({
      code: 200,
      msg: '已取消补考',
    });
    expect((await post('/exam/get/student/ids', { examId }, teacher)).data.compensations).toEqual([]);
    expect(await messagesOf(student)).toContainEqual(expect.objectContaining({ title: '考试「期中」的补考已取消' }));
  });
});

describe('exam/item/answer', () => {
  it('corrects a key and regrades every handed-in attempt', async () => {
    const examId = await saveExam({ title: '更正答案', items: [{ questionId: bank[0], points: 4 }] });
    const [item] = await t.app.db.select().from(examItems).where(eq(examItems.examId, examId));
    const session = await sessionOf(classmate);
    const sheet = await beginAttempt(t.app.db, session, examId, t.app.clock.now());
    await saveAnswers(
      t.app.db,
      session,
      { attemptId: sheet.attemptId, answers: [{ itemId: item!.id, answer: { choices: [0] }, version: 1 }] },
      t.app.clock.now(),
    );
    await submitAttempt(t.app.db, session, sheet.attemptId, t.app.clock.now());
    const score = async () =>
      (
        await t.app.db
          .select()
          .from(examAttempts)
          .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, classmate.id)))
      )[0]!.totalScore;
    expect(await score()).toBe(0);

    const correction = { examId, itemId: item!.id, answerKey: { choices: [0] } };
    await onlyManagers((who) => put('/exam/item/answer', correction, who));
    expect(await put('/exam/item/answer', correction, admin)).toMatchObject({ code: 200, data: { regraded: 1 } });
    expect(await score()).toBe(4);
    expect((await put('/exam/item/answer', { ...correction, answerKey: { choices: [7] } }, teacher)).msg).toBe(
      '正确答案必须是题目中的选项',
    );
    expect((await put('/exam/item/answer', { ...correction, answerKey: { choices: [0, 1] } }, teacher)).msg).toBe(
      '单选题只能有一个正确答案',
    );
    expect(await put('/exam/item/answer', { ...correction, itemId: 999_999 }, teacher)).toMatchObject({ code: 404, msg: '试题不存在' });
    expect(await score()).toBe(4);
  });
});
