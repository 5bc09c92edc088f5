import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades, messages } from '../../db/schema.js';
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
let gradeName: string;

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/exam${path}`, body, who?.token);
const put = (path: string, body: unknown, who?: Person) => call(t.app, 'PUT', `/apis/exam${path}`, body, who?.token);
const inbox = async (who: Person) => (await t.app.db.select().from(messages).where(eq(messages.userId, who.id))).map((m) => m.content);
const apply = async (who: Person, id = gradeId) =>
  (await post('/auth/grade/student/grade/add', { gradeId: id, reason: '想学习' }, who)).data.recordId as number;
const roleOf = async (who: Person, id = gradeId) => (await post('/auth/grade/info/view', { gradeId: id }, who)).data.myRole;

beforeAll(async () => {
  t = await createTestApp();
  ({ teacher, otherTeacher, admin, student, outsider, gradeId } = await classCast(t.app));
  gradeName = (await post('/auth/grade/info/view', { gradeId }, teacher)).data.gradeName;
});
afterAll(() => t.close());

describe('apply/record/audit', () => {
  it('lets the teacher and admins approve or reject a pending application, and tells the applicant', async () => {
    const [first, second] = [await newLearner(t.app), await newLearner(t.app)];
    const approved = await apply(first);
    const rejected = await apply(second);
    for (const who of [student, outsider, otherTeacher]) {
      expect(await put('/auth/grade/apply/record/audit', { recordId: approved, approve: true }, who)).toMatchObject({ code: 403 });
    }
    expect((await put('/auth/grade/apply/record/audit', { recordId: approved, approve: true })).code).toBe(401);
    expect((await put('/auth/grade/apply/record/audit', { recordId: approved, approve: true, note: 'x'.repeat(201) }, admin)).code).toBe(
      422,
    );
    expect((await put('/auth/grade/apply/record/audit', { recordId: approved, approve: true }, admin)).code).toBe(200);
    expect(await roleOf(first)).toBe('student');
    expect(await inbox(first)).toContain(`你已加入班级「${gradeName}」`);
    expect((await put('/auth/grade/apply/record/audit', { recordId: rejected, approve: false, note: '名额已定' }, teacher)).code).toBe(200);
    expect(await roleOf(second)).toBeNull();
    expect(await inbox(second)).toContain(`你加入班级「${gradeName}」的申请未通过：名额已定`);
    expect(await put('/auth/grade/apply/record/audit', { recordId: rejected, approve: true }, teacher)).toMatchObject({
      code: 409,
      msg: '该申请已处理',
    });
    expect((await t.app.db.select().from(grades).where(eq(grades.id, gradeId)))[0]!.studentCount).toBe(3);
    expect((await put('/auth/grade/apply/record/audit', { recordId: 999_999, approve: true }, teacher)).code).toBe(404);
  });

  it('approves nobody into a full class', async () => {
    const id = await gradeFixture(t.app, teacher.id);
    await t.app.db.update(grades).set({ maxStudents: 1 }).where(eq(grades.id, id));
    const [first, second] = [await newLearner(t.app), await newLearner(t.app)];
    const records = [await apply(first, id), await apply(second, id)];
    expect((await put('/auth/grade/apply/record/audit', { recordId: records[0], approve: true }, teacher)).code).toBe(200);
    expect(await put('/auth/grade/apply/record/audit', { recordId: records[1], approve: true }, teacher)).toMatchObject({
      code: 409,
      msg: '班级人数已满',
    });
    expect((await put('/auth/grade/apply/record/audit', { recordId: records[1], approve: false }, teacher)).code).toBe(200);
  });
});

describe('apply/record/audit/batch, ignore, summary, page and tips', () => {
  it('decides many at once, stopping approvals when the class is full', async () => {
    const id = await gradeFixture(t.app, teacher.id, { students: [admin.id], admins: 1 });
    await t.app.db.update(grades).set({ maxStudents: 3 }).where(eq(grades.id, id));
    const people = [
      await newLearner(t.app),
      await newLearner(t.app),
      await newLearner(t.app),
      await newLearner(t.app),
      await newLearner(t.app),
    ];
    const records = [];
    for (const who of people) records.push(await apply(who, id));

    const batch = (body: object, who?: Person) => put('/auth/grade/apply/record/audit/batch', { gradeId: id, ...body }, who);
    for (const who of [student, outsider, otherTeacher]) expect((await batch({ recordIds: records, approve: true }, who)).code).toBe(403);
    expect((await batch({ recordIds: records, approve: true })).code).toBe(401);
    expect((await batch({ recordIds: Array.from({ length: 101 }, (_, i) => i + 1), approve: true }, teacher)).code).toBe(422);

    const tips = await post('/auth/grade/apply/record/tips', {}, admin);
    expect(tips.data.grades).toContainEqual({ gradeId: id, gradeName: expect.any(String), count: 5 });
    for (const who of [student, outsider, otherTeacher]) {
      expect((await post('/auth/grade/apply/record/tips', {}, who)).data.grades.map((g: { gradeId: number }) => g.gradeId)).not.toContain(
        id,
      );
    }
    expect((await post('/auth/grade/apply/record/tips', {})).code).toBe(401);

    expect((await put('/auth/grade/apply/record/ignore', { gradeId: id, recordIds: [records[4]] }, student)).code).toBe(403);
    expect((await put('/auth/grade/apply/record/ignore', { gradeId: id, recordIds: [records[4]] }, otherTeacher)).code).toBe(403);
    expect((await put('/auth/grade/apply/record/ignore', { gradeId: id, recordIds: [records[4]] })).code).toBe(401);
    expect((await put('/auth/grade/apply/record/ignore', { gradeId: id, recordIds: [records[4]] }, admin)).data).toEqual({ ignored: 1 });
    expect(await inbox(people[4]!)).toEqual([]);

    expect((await batch({ recordIds: records, approve: true, note: '欢迎' }, admin)).data).toEqual({
      approved: 2,
      rejected: 0,
      skipped: 3,
    });
    expect((await batch({ recordIds: records, approve: false, note: '已满' }, teacher)).data).toEqual({
      approved: 0,
      rejected: 2,
      skipped: 3,
    });
    expect(await inbox(people[3]!)).toContainEqual(expect.stringContaining('的申请未通过：已满'));

    for (const who of [teacher, admin]) {
      expect((await post('/auth/grade/apply/record/summary', { gradeId: id }, who)).data).toEqual({
        pending: 0,
        approved: 2,
        rejected: 2,
        ignored: 1,
      });
    }
    for (const who of [student, outsider, otherTeacher])
      expect((await post('/auth/grade/apply/record/summary', { gradeId: id }, who)).code).toBe(403);
    expect((await post('/auth/grade/apply/record/summary', { gradeId: id })).code).toBe(401);

    const page = await post('/auth/grade/apply/record/page', { gradeId: id, status: 1 }, admin);
    expect(page.data).toMatchObject({ total: 2 });
    expect((await post('/auth/grade/apply/record/page', { gradeId: id }, teacher)).data.total).toBe(5);
    for (const who of [people[0]!, outsider, otherTeacher])
      expect((await post('/auth/grade/apply/record/page', { gradeId: id }, who)).code).toBe(403);
    expect((await post('/auth/grade/apply/record/page', { gradeId: id })).code).toBe(401);
    const mine = await post('/auth/grade/apply/record/page', {}, people[3]!);
    expect(mine.data.list).toEqual([expect.objectContaining({ gradeId: id, status: 2, auditNote: '已满', userId: people[3]!.id })]);
    expect((await post('/auth/grade/apply/record/tips', {}, teacher)).data.grades.map((g: { gradeId: number }) => g.gradeId)).not.toContain(
      id,
    );
  });
});
