import type { Executor, courses } from '../db/index.js';
import { plainTextOf, indexDocument } from '../content/index.js';

/** Puts a published course into the site search (kind 'course'), by its name, summary and introduction. */
export async function indexCourse(db: Executor, course: typeof courses.$inferSelect, publishedAt: Date): Promise<void> {
  await indexDocument(db, {
    kind: 'course',
    refId: course.id,
    title: course.courseName,
    body: [course.summary, plainTextOf(course.introMarkdown)].filter(Boolean).join('\n'),
    publishedAt,
  });
}
