import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus } from '../../db/schema.js';
import { classCast, gradeFixture } from '../../test-support/exam-test-kit.js';
import { courseFixture, type Person } from '../../test-support/learning-test-kit.js';
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

describe('grade/course/save and grade/course/page', () => {
  it('lets only the teacher choose published courses, shown to members and on a public class to everyone', async () => {
    const own = await courseFixture(t.app, teacher.id);
    const other = await courseFixture(t.app, otherTeacher.id);
    const draft = await courseFixture(t.app, teacher.id, { status: ShelfStatus.draft });
    const save = (courseIds: number[], who?: Person) => post('/auth/grade/course/save', { gradeId, courseIds }, who);
    for (const who of [admin, student, outsider, otherTeacher]) expect((await save([own.courseId], who)).code).toBe(403);
    expect((await save([own.courseId])).code).toBe(401);
    expect((await save([draft.courseId], teacher)).code).toBe(422);
    expect(
      (
        await save(
          Array.from({ length: 21 }, (_, i) => i + 1),
          teacher,
        )
      ).code,
    ).toBe(422);
    expect(await save([other.courseId, own.courseId], teacher)).toMatchObject({ code: 200, data: { total: 2 } });

    for (const who of [teacher, admin, student]) {
      const page = await post('/auth/grade/course/page', { gradeId }, who);
      expect(page.data.list.map((course: { id: number }) => course.id)).toEqual([other.courseId, own.courseId]);
    }
    for (const who of [outsider, otherTeacher]) expect((await post('/auth/grade/course/page', { gradeId }, who)).code).toBe(403);
    expect((await post('/auth/grade/course/page', { gradeId })).code).toBe(401);
    expect((await post('/api/grade/course/page', { gradeId })).data.total).toBe(2);

    const hidden = await gradeFixture(t.app, teacher.id, { isPublic: false });
    expect((await post('/api/grade/course/page', { gradeId: hidden })).code).toBe(404);
    expect((await post('/auth/grade/course/save', { gradeId, courseIds: [] }, teacher)).data.total).toBe(0);
  });
});
