import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { areaKey, videosArea } from '../uploads/index.js';

/** Where signed video streams are served: `<prefix>/<token>/<file>`; HLS segments are named relative to the playlist. */
export const streamPathPrefix = '/apis/vod/api/stream';
export const hlsPlaylistName = 'index.m3u8';
/** Long enough for a long lesson with pauses; the learning page asks for a fresh URL whenever it opens a period. */
export const streamTtlMs = 4 * 60 * 60 * 1000;

export interface VideoLocation {
  id: number;
  userId: number;
  fileName: string;
}

/** The uploaded file, and the folder the HLS rendition is written to, beside it in the blob store. */
export const originalKey = (video: VideoLocation) => areaKey(video.userId, videosArea, `${video.id}/${video.fileName}`);
export const hlsFolderKey = (video: VideoLocation) => areaKey(video.userId, videosArea, `${video.id}/hls`);
export const videoFolderKey = (video: Pick<VideoLocation, 'id' | 'userId'>) => areaKey(video.userId, videosArea, `${video.id}/`);

/** What a stream token allows: one viewer (0 when anonymous) to read one video until `expires` (ms since epoch). */
export interface StreamGrant {
  viewerId: number;
  videoId: number;
  expires: number;
}

export type StreamCheck = { grant: StreamGrant } | { problem: 'bad-signature' | 'expired' };

/**
 * Signs the URLs `<video>` and hls.js load without our `token` header: the grant and its HMAC travel
 * in the path, so the playlist's relative segment names inherit it.
 */
export class StreamSigner {
  constructor(private readonly secret: Buffer) {}

  private signature(payload: string): string {
    return createHmac('sha256', this.secret).update(`video-stream:${payload}`).digest('base64url');
  }

  token(grant: StreamGrant): string {
    const payload = `${grant.viewerId}.${grant.videoId}.${grant.expires}`;
    return `${payload}.${this.signature(payload)}`;
  }

  check(token: string, now: Date): StreamCheck {
    const match = /^(\d+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!match) return { problem: 'bad-signature' };
    const payload = `${match[1]}.${match[2]}.${match[3]}`;
    const expected = Buffer.from(this.signature(payload));
    const given = Buffer.from(match[4]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'bad-signature' };
    const grant = { viewerId: Number(match[1]), videoId: Number(match[2]), expires: Number(match[3]) };
    return grant.expires < now.getTime() ? { problem: 'expired' } : { grant };
  }
}

/** The original's name in stream URLs: `original` with the upload's extension, which players use to guess the format. */
export function originalStreamName(fileName: string): string {
  const extension = path.extname(fileName).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(extension) ? `original${extension}` : 'original';
}

const contentTypes: Record<string, string> = {
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.ogv': 'video/ogg',
  '.avi': 'video/x-msvideo',
  '.flv': 'video/x-flv',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

export const streamContentType = (name: string) => contentTypes[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
