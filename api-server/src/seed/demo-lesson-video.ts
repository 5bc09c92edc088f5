import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { BlobStore } from '../blobs/index.js';
import { type Database, courseChapters, courseEnrollments, coursePeriods, courses, storedFiles, users, videos } from '../db/index.js';
import { VideoState } from '@rc/api-contract/vod/video';
import { originalKey } from '../learning/index.js';
import { videosArea } from '../uploads/index.js';

const lessonFile = new URL('./assets/lesson-20s.webm', import.meta.url);
const fileName = 'lesson-20s.webm';

/**
 * The free demo course's video period: a 20-second lesson (VP8, 160×90) stored like an upload of
 * its teacher, waiting for the transcoder (state 2: the server that wrote it transcodes it at once, or plays it as
 * uploaded without ffmpeg). The demo user has signed up to the course, so signing in shows a course to learn.
 */
export async function seedDemoLessonVideo(db: Database, blobs: BlobStore): Promise<boolean> {
  const [course] = await db.select().from(courses).where(eq(courses.courseName, 'PyTorch 深度学习入门'));
  if (!course) return false;
  const [existing] = await db
    .select({ id: coursePeriods.id })
    .from(coursePeriods)
    .where(and(eq(coursePeriods.courseId, course.id), eq(coursePeriods.kind, 'video')));
  if (existing) return false;
  const [chapter] = await db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, course.id))
    .orderBy(courseChapters.sort)
    .limit(1);
  if (!chapter) return false;
  const bytes = fs.readFileSync(lessonFile);
  const md5 = createHash('md5').update(bytes).digest('hex');
  await db.transaction(async (tx) => {
    const [video] = await tx
      .insert(videos)
      .values({
        userId: course.teacherId,
        fileName,
        title: 'PyTorch 入门：课程导览',
        size: bytes.length,
        md5,
        state: VideoState.transcoding,
        durationSeconds: 20,
      })
      .returning();
    await blobs.put(originalKey(video!), fs.createReadStream(lessonFile));
    await tx
      .insert(storedFiles)
      .values({ userId: course.teacherId, area: videosArea, path: `${video!.id}/${fileName}`, size: bytes.length, md5 });
    await tx.insert(coursePeriods).values({
      courseId: course.id,
      chapterId: chapter.id,
      title: '课程导览（视频）',
      kind: 'video',
      sort: 0,
      videoId: video!.id,
      durationSeconds: 20,
    });
    const [learner] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000001'));
    if (learner) {
      await tx.insert(courseEnrollments).values({ courseId: course.id, userId: learner.id }).onConflictDoNothing();
      await tx
        .update(courses)
        .set({ learnerCount: course.learnerCount + 1 })
        .where(eq(courses.id, course.id));
    }
  });
  return true;
}
