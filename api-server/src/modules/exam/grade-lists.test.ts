import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classCast, examFixture } from '../../test-support/exam-test-kit.js';
import { beginAttempt, submitAttempt } from '../../exam/exam-attempts.js';
import { sessionUserOf } from '../../test-support/exam-test-kit.js';
import { type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let student: Person;
let outsider: Person;
let otherTeacher: Person;
let gradeId: number;

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam${path}`, body, who?.token);

beforeAll(async () => {
  t = await createTestApp();
  ({ teacher, otherTeacher, admin, student, outsider, gradeId } = await classCast(t.app));
});
afterAll(() => t.close());

describe('grade/list/all', () => {
  it('lists my open classes with my role in each', async () => {
    const mine = async (who: Person) =>
      ((await post('/auth/grade/info/grade/list/all', {}, who)).data as Array<{ gradeId: number; role: string }>).filter(
        (grade) => grade.gradeId === gradeId,
      );
    expect(await mine(teacher)).toEqual([expect.objectContaining({ gradeId, role: 'teacher', studentCount: 2 })]);
    expect(await mine(admin)).toEqual([expect.objectContaining({ role: 'admin' })]);
    expect(await mine(student)).toEqual([expect.objectContaining({ role: 'student' })]);
    expect(await mine(outsider)).toEqual([]);
    expect((await post('/auth/grade/info/grade/list/all', {})).code).toBe(401);
  });
});

describe('exam/admin/page', () => {
  it('shows the teacher and admins how far the students are, and nobody else', async () => {
    const { examId } = await examFixture(t.app, gradeId, teacher.id);
    const sheet = await beginAttempt(t.app.db, await sessionUserOf(t.app, student.id), examId, t.app.clock.now());
    await submitAttempt(t.app.db, await sessionUserOf(t.app, student.id), sheet.attemptId, t.app.clock.now());
    for (const who of [teacher, admin]) {
      const page = await post('/auth/grade/exam/admin/page', { gradeId }, who);
      expect(page.code).toBe(200);
      expect(page.data.list).toEqual([
        expect.objectContaining({
          examId,
          state: 'open',
          audienceCount: 1,
          begunCount: 1,
          submittedCount: 1,
          ungradedCount: 0,
          totalPoints: 20,
          questionCount: 5,
        }),
      ]);
    }
    for (const who of [student, outsider, otherTeacher]) {
      expect(await post('/auth/grade/exam/admin/page', { gradeId }, who)).toMatchObject({
        code: 403,
        msg: '仅班级的老师和管理员可以执行此操作',
      });
    }
    expect((await post('/auth/grade/exam/admin/page', { gradeId })).code).toBe(401);
    expect(await post('/auth/grade/exam/admin/page', { gradeId: 999_999 }, teacher)).toMatchObject({
      code: 404,
      msg: '班级不存在或已解散',
    });
  });
});
