import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../accounts/index.js';
import { courseEnrollments, coursePeriods, courses, images, videos } from '../db/index.js';
import { VideoState } from '@rc/api-contract/vod/video';
import { isEnrolled, openablePeriod, visibleCourse } from './course-access.js';
import { chapterList } from './course-contents.js';
import { completeOnOpen, ownProgress } from './period-progress.js';
import { hlsPlaylistName, originalStreamName, streamPathPrefix, streamTtlMs } from './video-stream.js';
import { furthestContinuousSecond } from './watch-intervals.js';

type Course = typeof courses.$inferSelect;
type Period = typeof coursePeriods.$inferSelect;

/** How a viewer plays a video period: signed stream URLs, the length, and (for enrolled learners) where they stopped. */
async function videoRef(app: FastifyInstance, viewer: SessionUser | null, course: Course, period: Period) {
  const [video] = period.videoId ? await app.db.select().from(videos).where(eq(videos.id, period.videoId)) : [];
  const tracked = viewer !== null && (await isEnrolled(app.db, viewer.id, course.id));
  const progress = tracked ? await ownProgress(app.db, viewer.id, period.id) : undefined;
  let streamUrl = '';
  let hlsUrl: string | null = null;
  if (video) {
    const token = app.videos.streams.token({
      viewerId: viewer?.id ?? 0,
      videoId: video.id,
      expires: app.clock.now().getTime() + streamTtlMs,
    });
    streamUrl = `${streamPathPrefix}/${token}/${originalStreamName(video.fileName)}`;
    if (video.state === VideoState.hlsReady) hlsUrl = `${streamPathPrefix}/${token}/${hlsPlaylistName}`;
  }
  return {
    periodId: period.id,
    kind: period.kind,
    videoId: video?.id ?? null,
    streamUrl,
    hlsUrl,
    durationSeconds: period.durationSeconds ?? video?.durationSeconds ?? null,
    resumeSeconds: progress?.lastPosition ?? 0,
    noSkip: course.noSkip,
    furthestSeconds: furthestContinuousSecond(progress?.intervals ?? []),
    tracked,
  };
}

/** `video/ref`: a video period the viewer may open. */
export async function videoRefOf(app: FastifyInstance, viewer: SessionUser | null, periodId: number) {
  const { course, period } = await openablePeriod(app.db, viewer, periodId);
  return videoRef(app, viewer, course, period);
}

async function labOf(app: FastifyInstance, period: Period) {
  if (period.kind !== 'lab' || !period.labImageId) return null;
  const [image] = await app.db.select({ id: images.id, name: images.name }).from(images).where(eq(images.id, period.labImageId));
  return image ? { imageId: image.id, imageName: image.name, rentUrl: `/account/suanli/create?imageId=${image.id}` } : null;
}

/** What a period shows to a viewer who may open it; opening a document or a lab completes it for an enrolled learner. */
export async function periodContent(app: FastifyInstance, viewer: SessionUser | null, periodId: number) {
  const { course, period } = await openablePeriod(app.db, viewer, periodId);
  if (viewer) await completeOnOpen(app.db, viewer.id, period, app.clock.now());
  return {
    periodId: period.id,
    courseId: course.id,
    title: period.title,
    kind: period.kind,
    documentHtml: period.kind === 'document' ? period.documentHtml : '',
    lab: await labOf(app, period),
    video: period.kind === 'video' ? await videoRef(app, viewer, course, period) : null,
  };
}

/** The learning page's side list: the course's settings for this viewer and its table of contents (catalogue's chapter list). */
export async function learnOutline(app: FastifyInstance, viewer: SessionUser | null, courseId: number) {
  const course = await visibleCourse(app.db, viewer, courseId);
  const [enrollment] = viewer
    ? await app.db
        .select({ lastPeriodId: courseEnrollments.lastPeriodId })
        .from(courseEnrollments)
        .where(and(eq(courseEnrollments.courseId, course.id), eq(courseEnrollments.userId, viewer.id)))
    : [];
  return {
    courseId: course.id,
    courseName: course.courseName,
    isFree: course.isFree,
    noSkip: course.noSkip,
    enrolled: Boolean(enrollment),
    lastPeriodId: enrollment?.lastPeriodId ?? null,
    chapters: await chapterList(app.db, viewer, course.id),
  };
}
