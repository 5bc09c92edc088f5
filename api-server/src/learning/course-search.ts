import type { Executor } from '../db/open-database.js';
import type { courses } from '../db/schema.js';
import { plainTextOf } from '../content/markdown.js';
import { indexDocument } from '../content/search-index.js';

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
