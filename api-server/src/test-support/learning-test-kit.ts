import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../accounts/index.js';
import { tokenFor, userWithBalance } from './compute-test-kit.js';
import { ShelfStatus, courseChapters, coursePeriods, courses, users, type PeriodKind } from '../db/index.js';

export interface Person {
  id: number;
  token: string;
}

let teachers = 0;

/** A teacher account (userType 2, isTeacher) with a session. */
export async function newTeacher(app: FastifyInstance): Promise<Person> {
  teachers += 1;
  const mobile = `137${String(process.pid % 10_000).padStart(4, '0')}${String(teachers).padStart(4, '0')}`;
  const account = await createAccount(app.db, { mobile, passwordHash: 'x', nickname: `讲师${teachers}`, userType: 2, isTeacher: true });
  return { id: account.id, token: await tokenFor(app, account.id) };
}

/** A learner with `balance` thousandths of a yuan and a session. */
export const newLearner = (app: FastifyInstance, balance = 0): Promise<Person> => userWithBalance(app, balance);

/** An operator (reviews courses and applications) with a session. */
export async function newOperator(app: FastifyInstance): Promise<Person> {
  const person = await userWithBalance(app, 0);
  await app.db.update(users).set({ isOperator: true }).where(eq(users.id, person.id));
  return { id: person.id, token: await tokenFor(app, person.id) };
}

export interface CourseFixture {
  courseId: number;
  chapterId: number;
  /** The periods in order: the first is a preview. */
  periodIds: number[];
}

/**
 * A course written straight into the database (bypassing the teaching calls): one chapter with a
 * preview document period and `kinds` more periods; published unless told otherwise.
 */
export async function courseFixture(
  app: FastifyInstance,
  teacherId: number,
  options: { price?: number; status?: number; kinds?: PeriodKind[]; durationSeconds?: number; noSkip?: boolean } = {},
): Promise<CourseFixture> {
  const price = options.price ?? 0;
  const now = app.clock.now();
  const [course] = await app.db
    .insert(courses)
    .values({
      teacherId,
      courseName: `测试课程${now.getTime()}`,
      summary: '用于测试的课程',
      isFree: price === 0,
      price,
      noSkip: options.noSkip ?? false,
      status: options.status ?? ShelfStatus.published,
      publishedAt: (options.status ?? ShelfStatus.published) === ShelfStatus.published ? now : null,
    })
    .returning({ id: courses.id });
  const [chapter] = await app.db.insert(courseChapters).values({ courseId: course!.id, title: '第一章', sort: 1 }).returning();
  const kinds: PeriodKind[] = ['document', ...(options.kinds ?? ['video'])];
  const periodIds: number[] = [];
  for (const [index, kind] of kinds.entries()) {
    const [period] = await app.db
      .insert(coursePeriods)
      .values({
        courseId: course!.id,
        chapterId: chapter!.id,
        title: `第${index + 1}课`,
        kind,
        sort: index + 1,
        isPreview: index === 0,
        durationSeconds: kind === 'video' ? (options.durationSeconds ?? 120) : null,
        documentMarkdown: kind === 'document' ? '课程讲义' : '',
        documentHtml: kind === 'document' ? '<p>课程讲义</p>' : '',
      })
      .returning({ id: coursePeriods.id });
    periodIds.push(period!.id);
  }
  return { courseId: course!.id, chapterId: chapter!.id, periodIds };
}
