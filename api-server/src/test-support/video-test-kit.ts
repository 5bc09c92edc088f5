import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coursePeriods, videos } from '../db/index.js';
import { md5Of, UploadClient } from './upload-client.js';

/** The 20-second VP8 lesson the demo course plays (seed/assets). */
export const lessonVideo = fs.readFileSync(new URL('../seed/assets/lesson-20s.webm', import.meta.url));
export const lessonSeconds = 20;

/** Two-second clips (64×48, H.264 or the container's usual codec, with sound) in each other allowed container. */
export const testClips = {
  mp4: new URL('./test-media/clip.mp4', import.meta.url).pathname,
  flv: new URL('./test-media/clip.flv', import.meta.url).pathname,
  mpegts: new URL('./test-media/clip.mpegts', import.meta.url).pathname,
  avi: new URL('./test-media/clip.avi', import.meta.url).pathname,
};

const hlsPlaylist = (entry: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2.0,\n${entry}\n#EXT-X-ENDLIST\n`;

/**
 * "Videos" that are really lists of other files: an HLS playlist naming another user's video by its
 * path, an ffconcat list named .mp4, and HLS playlists with a `file:` URL and a local web address.
 */
export function hostileVideos(otherUsersVideo: string, localWebAddress: string): Record<string, string> {
  return {
    'playlist.m3u8': hlsPlaylist(otherUsersVideo),
    'concat.mp4': `ffconcat version 1.0\nfile '${otherUsersVideo}'\n`,
    'file-url.mp4': hlsPlaylist(`file:${otherUsersVideo}`),
    'local-web.mp4': hlsPlaylist(localWebAddress),
  };
}

/** Uploads `bytes` as a video through the real chunk and merge calls; answers the merge. */
/** `durationSeconds` as a browser's upload form sends it: text. */
export async function uploadVideo(
  client: UploadClient,
  bytes: Buffer = lessonVideo,
  fileName = 'lesson.webm',
  durationSeconds?: number | string,
) {
  const chunkSize = 2_048_000;
  await client.sendChunks('/apis/vod/auth/videoInfo/upload', bytes, { fileName, chunkSize });
  return client.post<{ state: number; videoId: number }>('/apis/vod/auth/videoInfo/merge', {
    identifier: md5Of(bytes),
    fileName,
    chunkSize,
    totalSize: bytes.length,
    ...(durationSeconds === undefined ? {} : { durationSeconds }),
  });
}

/** Makes a period play a video, taking its length. */
export async function attachVideo(app: FastifyInstance, periodId: number, videoId: number): Promise<void> {
  const [video] = await app.db.select().from(videos).where(eq(videos.id, videoId));
  await app.db.update(coursePeriods).set({ videoId, durationSeconds: video!.durationSeconds }).where(eq(coursePeriods.id, periodId));
}

/** A local web server that counts the requests it gets: a transcoder that fetched a URL a "video" names would show. */
export async function countingWebServer(): Promise<{ url(file: string): string; requests(): number; close(): Promise<void> }> {
  let requests = 0;
  const server = http.createServer((_request, response) => {
    requests += 1;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (file) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${file}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
