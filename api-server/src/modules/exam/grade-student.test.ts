import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyStatus, gradeApplyRecords, grades, messages, users } from '../../db/schema.js';
import { classCast, gradeFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person;
let admin: Person;
let student: Person;
let outsider: Person;
let otherTeacher: Person;
let gradeId: number;

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam${path}`, body, who?.token);
const put = (path: string, body: unknown, who?: Person) => call(t.app, 'PUT', `/apis/exam${path}`, body, who?.token);
const flagOf = async (who: Person) => (await t.app.db.select().from(users).where(eq(users.id, who.id)))[0]!.isGradeAdmin;
const titlesOf = async (who: Person) => (await t.app.db.select().from(messages).where(eq(messages.userId, who.id))).map((m) => m.content);
const countOf = async (id: number) => (await t.app.db.select().from(grades).where(eq(grades.id, id)))[0]!.studentCount;

beforeAll(async () => {
  t = await createTestApp();
  ({ teacher, otherTeacher, admin, student, outsider, gradeId } = await classCast(t.app));
});
afterAll(() => t.close());

describe('student/grade/add', () => {
  it('takes an application from outsiders only, once at a time, while there is room', async () => {
    expect(await post('/auth/grade/student/grade/add', { gradeId, reason: '想学习' }, outsider)).toMatchObject({
      code: 200,
      data: { recordId: expect.any(Number) },
    });
    expect(await post('/auth/grade/student/grade/add', { gradeId, reason: '再来' }, outsider)).toMatchObject({
      code: 409,
      msg: '你的申请正在审核中，请耐心等待',
    });
    for (const who of [teacher, admin, student]) {
      expect(await post('/auth/grade/student/grade/add', { gradeId, reason: '' }, who)).toMatchObject({
        code: 409,
        msg: '你已是该班级成员',
      });
    }
    expect((await post('/auth/grade/student/grade/add', { gradeId, reason: '' }, otherTeacher)).code).toBe(200);
    expect((await post('/auth/grade/student/grade/add', { gradeId, reason: '' })).code).toBe(401);
    expect((await post('/auth/grade/student/grade/add', { gradeId, reason: 'x'.repeat(201) }, outsider)).code).toBe(422);

    const small = await gradeFixture(t.app, teacher.id, { students: [student.id] });
    await t.app.db.update(grades).set({ maxStudents: 1 }).where(eq(grades.id, small));
    expect(await post('/auth/grade/student/grade/add', { gradeId: small, reason: '' }, outsider)).toMatchObject({
      code: 409,
      msg: '班级人数已满',
    });
  });

  it('lets a rejected or ignored applicant apply again', async () => {
    const open = await gradeFixture(t.app, teacher.id);
    const applicant = await newLearner(t.app);
    for (const status of [ApplyStatus.rejected, ApplyStatus.ignored]) {
      expect((await post('/auth/grade/student/grade/add', { gradeId: open, reason: '' }, applicant)).code).toBe(200);
      await t.app.db
        .update(gradeApplyRecords)
        .set({ status })
        .where(and(eq(gradeApplyRecords.gradeId, open), eq(gradeApplyRecords.userId, applicant.id)));
    }
    expect((await post('/auth/grade/student/grade/add', { gradeId: open, reason: '' }, applicant)).code).toBe(200);
  });
});

describe('student/page, student/edit and student/isAdmin', () => {
  it('shows managers remarks; students names only; outsiders nothing', async () => {
    expect((await put('/auth/grade/student/edit', { gradeId, userId: student.id, remark: '2026001 张三' }, admin)).code).toBe(200);
    for (const who of [teacher, admin]) {
      const page = await post('/auth/grade/student/page', { gradeId }, who);
      expect(page.data.list).toEqual([
        expect.objectContaining({ userId: admin.id, isAdmin: true, remark: '' }),
        expect.objectContaining({ userId: student.id, isAdmin: false, remark: '2026001 张三', joinedAt: expect.any(String) }),
      ]);
    }
    expect((await post('/auth/grade/student/page', { gradeId, keyword: '张三' }, teacher)).data.total).toBe(1);
    const seen = await post('/auth/grade/student/page', { gradeId }, student);
    expect(seen.data.list).toEqual([
      expect.objectContaining({ userId: admin.id, isAdmin: true, remark: null, joinedAt: null }),
      expect.objectContaining({ userId: student.id, remark: null }),
    ]);
    for (const who of [outsider, otherTeacher]) {
      expect(await post('/auth/grade/student/page', { gradeId }, who)).toMatchObject({ code: 403, msg: '你不是该班级的成员' });
    }
    expect((await post('/auth/grade/student/page', { gradeId })).code).toBe(401);

    expect((await put('/auth/grade/student/edit', { gradeId, userId: admin.id, remark: '班长' }, teacher)).code).toBe(200);
    for (const who of [student, outsider, otherTeacher]) {
      expect((await put('/auth/grade/student/edit', { gradeId, userId: student.id, remark: '改' }, who)).code).toBe(403);
    }
    expect((await put('/auth/grade/student/edit', { gradeId, userId: student.id, remark: 'x'.repeat(41) }, teacher)).code).toBe(422);
    expect((await put('/auth/grade/student/edit', { gradeId, userId: outsider.id, remark: '外人' }, teacher)).code).toBe(404);
    expect((await put('/auth/grade/student/edit', { gradeId, userId: student.id, remark: '改' })).code).toBe(401);

    expect((await put('/auth/grade/student/isAdmin', { gradeId }, teacher)).data).toEqual({ role: 'teacher', isAdmin: true });
    expect((await put('/auth/grade/student/isAdmin', { gradeId }, admin)).data).toEqual({ role: 'admin', isAdmin: true });
    expect((await put('/auth/grade/student/isAdmin', { gradeId }, student)).data).toEqual({ role: 'student', isAdmin: false });
    for (const who of [outsider, otherTeacher]) expect((await put('/auth/grade/student/isAdmin', { gradeId }, who)).code).toBe(403);
    expect((await put('/auth/grade/student/isAdmin', { gradeId })).code).toBe(401);
  });
});

describe('student/update/admin', () => {
  it('lets only the teacher set and unset admins, telling the student and keeping the flag', async () => {
    const id = await gradeFixture(t.app, teacher.id, { students: [admin.id, student.id], admins: 1 });
    const pupil = await newLearner(t.app);
    const lone = await gradeFixture(t.app, teacher.id, { students: [pupil.id] });
    for (const who of [admin, student, outsider, otherTeacher]) {
      expect((await put('/auth/grade/student/update/admin', { gradeId: lone, userId: pupil.id, isAdmin: true }, who)).code).toBe(403);
    }
    expect((await put('/auth/grade/student/update/admin', { gradeId: lone, userId: pupil.id, isAdmin: true })).code).toBe(401);
    expect(await flagOf(pupil)).toBe(false);
    expect((await put('/auth/grade/student/update/admin', { gradeId: lone, userId: pupil.id, isAdmin: true }, teacher)).code).toBe(200);
    expect(await flagOf(pupil)).toBe(true);
    expect(await titlesOf(pupil)).toContain(
      `老师已将你设为班级「${(await post('/auth/grade/info/view', { gradeId: lone }, teacher)).data.gradeName}」的管理员`,
    );
    expect((await put('/auth/grade/student/update/admin', { gradeId: lone, userId: pupil.id, isAdmin: false }, teacher)).code).toBe(200);
    expect(await flagOf(pupil)).toBe(false);
    expect((await put('/auth/grade/student/update/admin', { gradeId: id, userId: teacher.id, isAdmin: true }, teacher)).code).toBe(422);
    expect((await put('/auth/grade/student/update/admin', { gradeId: id, userId: outsider.id, isAdmin: true }, teacher)).code).toBe(404);
  });
});

describe('student/kick/out and student/quit', () => {
  it('lets the teacher and admins remove students, but an admin not another admin', async () => {
    const [helper, helper2, pupil, pupil2] = [
      await newLearner(t.app),
      await newLearner(t.app),
      await newLearner(t.app),
      await newLearner(t.app),
    ];
    const id = await gradeFixture(t.app, teacher.id, { students: [helper.id, helper2.id, pupil.id, pupil2.id], admins: 2 });
    const kick = (userId: number, who?: Person) => put('/auth/grade/student/kick/out', { gradeId: id, userId }, who);
    expect(await kick(helper2.id, helper)).toMatchObject({ code: 403, msg: '班级管理员不能移出其他管理员' });
    for (const who of [pupil2, outsider, otherTeacher]) expect((await kick(pupil.id, who)).code).toBe(403);
    expect((await kick(pupil.id)).code).toBe(401);
    expect((await kick(teacher.id, helper)).code).toBe(422);
    expect((await kick(pupil.id, helper)).code).toBe(200);
    expect(await titlesOf(pupil)).toContainEqual(expect.stringContaining('你已被移出班级'));
    expect((await kick(pupil.id, helper)).code).toBe(404);
    expect((await kick(helper2.id, teacher)).code).toBe(200);
    expect(await flagOf(helper2)).toBe(false);
    expect(await countOf(id)).toBe(2);

    expect(await put('/auth/grade/student/quit', { gradeId: id }, teacher)).toMatchObject({
      code: 422,
      msg: '老师不能退出自己的班级，如不再使用请解散班级',
    });
    for (const who of [outsider, otherTeacher]) expect((await put('/auth/grade/student/quit', { gradeId: id }, who)).code).toBe(403);
    expect((await put('/auth/grade/student/quit', { gradeId: id })).code).toBe(401);
    expect((await put('/auth/grade/student/quit', { gradeId: id }, pupil2)).code).toBe(200);
    expect((await put('/auth/grade/student/quit', { gradeId: id }, helper)).code).toBe(200);
    expect(await flagOf(helper)).toBe(false);
    expect(await countOf(id)).toBe(0);
  });
});
