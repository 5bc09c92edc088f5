import type { FastifyInstance } from 'fastify';
import { videos } from '../db/index.js';
import { invalid } from '../errors.js';
import { checkFileName } from '../lib/index.js';
import { storeUploadedFile, videosArea } from '../uploads/index.js';
import type { VideoMergeBody, VideoMergeResult } from '@rc/api-contract/vod/video';
import { removeVideo } from './my-videos.js';
import { recordDuration, withStagedVideo } from './video-processing.js';

const unsupportedVideoMessage = '不支持的视频格式';

/**
 * Makes a merged upload the user's video once the transcoder has probed it as a single-file media
 * container, and queues it for transcoding. Anything else (a playlist, a concat list, an image, text)
 * is refused and leaves nothing behind: no row, no bytes, no quota taken.
 */
export async function storeUploadedVideo(app: FastifyInstance, userId: number, body: VideoMergeBody): Promise<VideoMergeResult> {
  const { fileName, identifier, chunkSize, totalSize, durationSeconds } = body;
  checkFileName(fileName);
  const md5 = identifier.toLowerCase();
  const [video] = await app.db
    .insert(videos)
    .values({ userId, fileName, title: fileName.slice(0, 80), size: totalSize, md5, durationSeconds, createdAt: app.clock.now() })
    .returning();
  const identity = { kind: 'video' as const, md5, chunkSize, fileSize: totalSize, fileName };
  try {
    await storeUploadedFile(app, userId, identity, { area: videosArea, path: `${video!.id}/${fileName}` });
    const transcoder = await app.videos.queue.transcoder();
    const probe = await withStagedVideo(app, video!, (file) => transcoder.probe(file));
    if (!probe) throw invalid(unsupportedVideoMessage);
    if (probe.durationSeconds !== null) await recordDuration(app, video!.id, probe.durationSeconds);
  } catch (error) {
    await removeVideo(app, video!);
    throw error;
  }
  return { state: await app.videos.queue.submit(video!.id), videoId: video!.id };
}
