import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeApplyRecords, grades, messages, users } from '../../db/schema.js';
import { classCast, gradeFixture } from '../../test-support/exam-test-kit.js';
import { newLearner, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
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

beforeAll(async () => {
  t = await createTestApp();
  ({ teacher, otherTeacher, admin, student, outsider, gradeId } = await classCast(t.app));
  await t.app.db.insert(gradeApplyRecords).values({ gradeId, userId: outsider.id, reason: '想学习' });
});
afterAll(() => t.close());

describe('grade/info/save', () => {
  it('lets a teacher open a class and raises their grade-admin flag; others are refused', async () => {
    const fresh = await newTeacher(t.app);
    expect(await flagOf(fresh)).toBe(false);
    const saved = await post('/auth/grade/info/save', { gradeName: '新班级', intro: '简介', isPublic: false, maxStudents: 30 }, fresh);
    expect(saved).toMatchObject({ code: 200, data: { gradeId: expect.any(Number) } });
    expect(await flagOf(fresh)).toBe(true);
    for (const who of [admin, student, outsider]) {
      expect(await post('/auth/grade/info/save', { gradeName: '班', isPublic: true, maxStudents: 10 }, who)).toMatchObject({
        code: 403,
        msg: '仅讲师可以执行此操作，请先在讲师中心申请成为讲师',
      });
    }
    expect((await post('/auth/grade/info/save', { gradeName: '班', isPublic: true, maxStudents: 10 })).code).toBe(401);
    for (const bad of [
      { gradeName: '', isPublic: true, maxStudents: 10 },
      { gradeName: '   ', isPublic: true, maxStudents: 10 },
      { gradeName: 'x'.repeat(41), isPublic: true, maxStudents: 10 },
      { gradeName: '班', isPublic: true, maxStudents: 501 },
      { gradeName: '班', isPublic: true, maxStudents: 0 },
      { gradeName: '班', intro: 'x'.repeat(1001), isPublic: true, maxStudents: 10 },
    ]) {
      expect((await post('/auth/grade/info/save', bad, fresh)).code).toBe(422);
    }
  });

  it('stops at 50 open classes per teacher', async () => {
    const busy = await newTeacher(t.app);
    await t.app.db.insert(grades).values(Array.from({ length: 50 }, (_, index) => ({ teacherId: busy.id, gradeName: `班${index}` })));
    expect(await post('/auth/grade/info/save', { gradeName: '第51个', isPublic: true, maxStudents: 10 }, busy)).toMatchObject({
      code: 422,
      msg: '最多同时开设 50 个班级',
    });
  });
});

describe('grade/info/update', () => {
  it('lets only the teacher edit, never below the students already in', async () => {
    const body = { gradeId, gradeName: '改名后的班级', intro: '新简介', isPublic: true, maxStudents: 40 };
    expect((await put('/auth/grade/info/update', body, teacher)).code).toBe(200);
    expect((await post('/auth/grade/info/view', { gradeId }, student)).data).toMatchObject({ gradeName: '改名后的班级', maxStudents: 40 });
    expect(await put('/auth/grade/info/update', { ...body, maxStudents: 1 }, teacher)).toMatchObject({
      code: 422,
      msg: '人数上限不能少于班级现有人数（2 人）',
    });
    for (const who of [admin, student, outsider]) expect((await put('/auth/grade/info/update', body, who)).code).toBe(403);
    expect(await put('/auth/grade/info/update', body, otherTeacher)).toMatchObject({ code: 403, msg: '仅班级的老师可以执行此操作' });
    expect((await put('/auth/grade/info/update', body)).code).toBe(401);
  });
});

describe('grade/info/page', () => {
  it('lists my classes in each role, with pending applications for managers only', async () => {
    const mine = async (role: string, who: Person) =>
      ((await post('/auth/grade/info/page', { role, pageNum: 1, pageSize: 100 }, who)).data.list as Array<{ gradeId: number }>).filter(
        (grade) => grade.gradeId === gradeId,
      );
    expect(await mine('teacher', teacher)).toEqual([expect.objectContaining({ studentCount: 2, pendingApplications: 1 })]);
    expect(await mine('admin', admin)).toEqual([expect.objectContaining({ pendingApplications: 1 })]);
    expect(await mine('student', student)).toEqual([expect.objectContaining({ pendingApplications: 0 })]);
    expect(await mine('student', admin)).toEqual([expect.objectContaining({ gradeId })]);
    expect(await mine('admin', student)).toEqual([]);
    expect(await mine('teacher', otherTeacher)).toEqual([]);
    expect(await mine('student', outsider)).toEqual([]);
    const found = await post('/auth/grade/info/page', { role: 'teacher', keyword: '改名后' }, teacher);
    expect(found.data.list.map((grade: { gradeId: number }) => grade.gradeId)).toContain(gradeId);
    expect((await post('/auth/grade/info/page', { role: 'teacher', keyword: '不存在的名字' }, teacher)).data.total).toBe(0);
    expect((await post('/auth/grade/info/page', { role: 'teacher' })).code).toBe(401);
  });
});

describe('grade/info/view and the public calls', () => {
  it('shows everyone signed in the class with their role; without sign-in public classes only', async () => {
    const expected = { teacher: 'teacher', admin: 'admin', student: 'student', outsider: null, otherTeacher: null };
    for (const [name, role] of Object.entries(expected)) {
      const who = { teacher, admin, student, outsider, otherTeacher }[name]!;
      expect((await post('/auth/grade/info/view', { gradeId }, who)).data).toMatchObject({ gradeId, myRole: role, studentCount: 2 });
    }
    expect((await post('/auth/grade/info/view', { gradeId }, outsider)).data).toMatchObject({
      myApplication: { status: 0 },
      adminCount: 0,
    });
    expect((await post('/auth/grade/info/view', { gradeId }, teacher)).data).toMatchObject({ adminCount: 1, pendingApplications: 1 });
    expect((await post('/auth/grade/info/view', { gradeId }, student)).data).toMatchObject({ adminCount: 1, pendingApplications: 0 });
    expect((await post('/auth/grade/info/view', { gradeId })).code).toBe(401);
    expect((await post('/api/grade/info/view', { gradeId })).data).toMatchObject({ gradeId, myRole: null, myApplication: null });

    const hidden = await gradeFixture(t.app, teacher.id, { isPublic: false });
    expect((await post('/auth/grade/info/view', { gradeId: hidden }, outsider)).data).toMatchObject({ isPublic: false, myRole: null });
    expect(await post('/api/grade/info/view', { gradeId: hidden })).toMatchObject({ code: 404, msg: '班级不存在或已解散' });
    const listed = (await post('/api/grade/info/page', { pageSize: 100 })).data.list.map((grade: { gradeId: number }) => grade.gradeId);
    expect(listed).toContain(gradeId);
    expect(listed).not.toContain(hidden);
    const searched = await post('/api/grade/info/page', { keyword: '改名后的', sort: 2 });
    expect(searched.data.list).toEqual([expect.objectContaining({ gradeId, pendingApplications: 0 })]);
  });
});

describe('grade/info/disband', () => {
  it('lets only the teacher disband; members are told and the flags follow', async () => {
    const [boss, helper, pupil] = [await newTeacher(t.app), await newLearner(t.app), await newLearner(t.app)];
    const doomed = await gradeFixture(t.app, boss.id, { students: [helper.id, pupil.id], admins: 1 });
    expect(await flagOf(helper)).toBe(true);
    for (const who of [helper, pupil, outsider]) expect((await post('/auth/grade/info/disband', { gradeId: doomed }, who)).code).toBe(403);
    expect((await post('/auth/grade/info/disband', { gradeId: doomed }, otherTeacher)).code).toBe(403);
    expect((await post('/auth/grade/info/disband', { gradeId: doomed })).code).toBe(401);
    expect((await post('/auth/grade/info/disband', { gradeId: doomed }, boss)).code).toBe(200);
    expect(await flagOf(helper)).toBe(false);
    expect(await flagOf(boss)).toBe(false);
    for (const who of [helper, pupil]) {
      const inbox = await t.app.db.select().from(messages).where(eq(messages.userId, who.id));
      expect(inbox.map((message) => message.title)).toContain('班级已解散');
    }
    expect(await post('/auth/grade/info/view', { gradeId: doomed }, boss)).toMatchObject({ code: 404, msg: '班级不存在或已解散' });
    expect((await post('/auth/grade/info/disband', { gradeId: doomed }, boss)).code).toBe(404);
  });
});
