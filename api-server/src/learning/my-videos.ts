import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coursePeriods, courses, storedFiles, videos } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { videosArea } from '../uploads/index.js';
import { videoFolderKey } from './video-stream.js';

async function ownVideo(app: FastifyInstance, userId: number, videoId: number) {
  const [video] = await app.db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.userId, userId)));
  if (!video) throw notFound('视频不存在');
  return video;
}

/** My uploaded videos, newest first, with the course periods that play each. */
export async function myVideos(app: FastifyInstance, userId: number) {
  const rows = await app.db.select().from(videos).where(eq(videos.userId, userId)).orderBy(desc(videos.id));
  const uses = rows.length
    ? await app.db
        .select({
          videoId: coursePeriods.videoId,
          periodId: coursePeriods.id,
          periodTitle: coursePeriods.title,
          courseId: courses.id,
          courseName: courses.courseName,
        })
        .from(coursePeriods)
        .innerJoin(courses, eq(courses.id, coursePeriods.courseId))
        .where(
          inArray(
            coursePeriods.videoId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((video) => ({
    videoId: video.id,
    title: video.title || video.fileName,
    fileName: video.fileName,
    size: video.size,
    state: video.state,
    durationSeconds: video.durationSeconds,
    createdAt: video.createdAt,
    usedBy: uses.filter((use) => use.videoId === video.id).map(({ videoId: _, ...use }) => use),
  }));
}

export async function renameVideo(app: FastifyInstance, userId: number, videoId: number, title: string): Promise<void> {
  await ownVideo(app, userId, videoId);
  await app.db.update(videos).set({ title: title.trim() }).where(eq(videos.id, videoId));
}

/** Removes a video no period plays: its row, its stored-file record and its bytes (original and HLS). */
export async function deleteVideo(app: FastifyInstance, userId: number, videoId: number): Promise<void> {
  const video = await ownVideo(app, userId, videoId);
  const [use] = await app.db.select({ title: coursePeriods.title }).from(coursePeriods).where(eq(coursePeriods.videoId, videoId)).limit(1);
  if (use) throw conflict(`课时「${use.title}」正在使用该视频，请先更换课时的视频`);
  await removeVideo(app, video);
}

/** Removes a video's row, its stored-file record (what counts against the quota) and its bytes (original and HLS). */
export async function removeVideo(app: FastifyInstance, video: { id: number; userId: number; fileName: string }): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.delete(videos).where(eq(videos.id, video.id));
    await tx
      .delete(storedFiles)
      .where(
        and(eq(storedFiles.userId, video.userId), eq(storedFiles.area, videosArea), eq(storedFiles.path, `${video.id}/${video.fileName}`)),
      );
  });
  await app.blobs.remove(videoFolderKey(video));
}
