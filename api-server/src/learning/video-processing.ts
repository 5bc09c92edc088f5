import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coursePeriods, videos } from '../db/index.js';
import { VideoState } from '@rc/api-contract/vod/video';
import { hlsFolderKey, originalKey, originalStreamName } from './video-stream.js';
import type { VideoTranscoder } from './video-transcoder.js';

/** Records a video's length on it and on every period that plays it (progress is measured against it). */
export async function recordDuration(app: FastifyInstance, videoId: number, durationSeconds: number): Promise<void> {
  await app.db.update(videos).set({ durationSeconds }).where(eq(videos.id, videoId));
  await app.db.update(coursePeriods).set({ durationSeconds }).where(eq(coursePeriods.videoId, videoId));
}

type VideoRow = typeof videos.$inferSelect;

/**
 * Runs `use` on a copy of the video's original, alone in a fresh folder (the transcoder's working
 * folder, so it sees no other file), and removes the folder afterwards.
 */
export async function withStagedVideo<T>(
  app: FastifyInstance,
  video: VideoRow,
  use: (file: string, folder: string) => Promise<T>,
): Promise<T> {
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'rc-video-'));
  try {
    const file = path.join(folder, `input${originalStreamName(video.fileName).slice('original'.length)}`);
    await pipeline(app.blobs.readRange(originalKey(video), 0, video.size), fs.createWriteStream(file));
    return await use(file, folder);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/**
 * Probes and transcodes one stored video to HLS beside its original: 2 transcoding → 3 HLS ready, or
 * 4 failed (it then plays as uploaded). A video deleted meanwhile leaves nothing behind.
 */
async function processVideo(app: FastifyInstance, transcoder: VideoTranscoder, videoId: number): Promise<void> {
  const [video] = await app.db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) return;
  try {
    await withStagedVideo(app, video, async (input, folder) => {
      const probe = await transcoder.probe(input);
      if (!probe) throw new Error('not a single-file media container');
      if (probe.durationSeconds !== null) await recordDuration(app, video.id, probe.durationSeconds);
      const outDir = path.join(folder, 'hls');
      await fsp.mkdir(outDir);
      if (!(await transcoder.transcodeToHls(input, probe, outDir))) {
        await app.db.update(videos).set({ state: VideoState.stored }).where(eq(videos.id, video.id));
        return;
      }
      // The playlist goes last: a rendition is complete once its playlist is there.
      const names = (await fsp.readdir(outDir)).sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
      for (const name of names) await app.blobs.put(`${hlsFolderKey(video)}/${name}`, fs.createReadStream(path.join(outDir, name)));
      const updated = await app.db
        .update(videos)
        .set({ state: VideoState.hlsReady })
        .where(eq(videos.id, video.id))
        .returning({ id: videos.id });
      if (updated.length === 0) await app.blobs.remove(`${hlsFolderKey(video)}/`);
    });
  } catch (error) {
    app.log.warn({ err: error, videoId }, 'video transcoding failed; the original is played');
    await app.db.update(videos).set({ state: VideoState.failed }).where(eq(videos.id, video.id));
  }
}

export interface VideoQueue {
  /** The transcoder this machine runs, chosen on first use: finding out whether ffmpeg runs starts two processes. */
  transcoder(): Promise<VideoTranscoder>;
  /** Marks a stored video as transcoding and queues it; with no transcoder it stays stored (1). Returns its state. */
  submit(videoId: number): Promise<number>;
  /** Resolves once every queued video is done. */
  idle(): Promise<void>;
  /** Queues the videos a stopped server left in state 2. */
  resumeInterrupted(): Promise<number>;
}

/** One video at a time, in the order they arrive: transcoding is heavy and the machine is shared. */
export function createVideoQueue(app: FastifyInstance, chooseTranscoder: () => Promise<VideoTranscoder>): VideoQueue {
  let chosen: Promise<VideoTranscoder> | undefined;
  const transcoder = () => (chosen ??= chooseTranscoder());
  let tail: Promise<void> = Promise.resolve();
  const enqueue = (videoId: number) => {
    tail = tail.then(async () => processVideo(app, await transcoder(), videoId));
  };
  return {
    transcoder,
    async submit(videoId) {
      if ((await transcoder()).kind === 'none') return VideoState.stored;
      await app.db.update(videos).set({ state: VideoState.transcoding }).where(eq(videos.id, videoId));
      enqueue(videoId);
      return VideoState.transcoding;
    },
    idle: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== tail) {
        seen = tail;
        await seen;
      }
    },
    async resumeInterrupted() {
      const waiting = await app.db
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.state, VideoState.transcoding))
        .orderBy(videos.id);
      for (const { id } of waiting) enqueue(id);
      return waiting.length;
    },
  };
}
