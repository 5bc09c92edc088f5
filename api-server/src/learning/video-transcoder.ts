import { spawn } from 'node:child_process';
import path from 'node:path';
import { hlsPlaylistName } from './video-stream.js';

/** How an uploaded video is measured and made streamable on this machine. */
export interface VideoTranscoder {
  readonly kind: 'ffmpeg' | 'none';
  /** The video's length in seconds; null when this machine cannot tell (the uploading browser's figure stands). */
  probeDuration(file: string): Promise<number | null>;
  /**
   * Writes an HLS rendition (`index.m3u8` and segments named relative to it) into the empty folder
   * `outDir`; false when this machine does not transcode (the original is played). Rejects on a file it cannot read.
   */
  transcodeToHls(file: string, outDir: string): Promise<boolean>;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Debian's ffprobe and ffmpeg: H.264/AAC in 6-second MPEG-TS segments, which hls.js plays in every browser. */
export const ffmpegTranscoder: VideoTranscoder = {
  kind: 'ffmpeg',
  async probeDuration(file) {
    const result = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file], 60_000);
    const seconds = Number.parseFloat(result.stdout.trim());
    return result.code === 0 && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  },
  async transcodeToHls(file, outDir) {
    const args = [
      ['-nostdin', '-v', 'error', '-y', '-i', file],
      ['-map', '0:v:0', '-map', '0:a:0?', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
      ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-threads', '2'],
      ['-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(outDir, 'segment-%05d.ts')],
      [path.join(outDir, hlsPlaylistName)],
    ].flat();
    const result = await run('ffmpeg', args, 6 * 60 * 60 * 1000);
    if (result.code !== 0) throw new Error(`ffmpeg exited with ${result.code}: ${result.stderr.trim()}`);
    return true;
  },
};

/** No ffmpeg here: the browser's duration stands and the uploaded file is played as it is. */
export const noTranscoder: VideoTranscoder = {
  kind: 'none',
  probeDuration: async () => null,
  transcodeToHls: async () => false,
};

async function ffmpegRuns(): Promise<boolean> {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([run('ffmpeg', ['-version'], 10_000), run('ffprobe', ['-version'], 10_000)]);
    return ffmpeg.code === 0 && ffprobe.code === 0;
  } catch {
    return false;
  }
}

/** The transcoder VIDEO_TRANSCODER names; `auto` takes ffmpeg when it runs on this machine. */
export async function chooseTranscoder(setting: 'auto' | 'ffmpeg' | 'none'): Promise<VideoTranscoder> {
  if (setting === 'none') return noTranscoder;
  if (setting === 'ffmpeg' || (await ffmpegRuns())) return ffmpegTranscoder;
  return noTranscoder;
}

/** Every transcoder this machine can run (for the contract tests). */
export async function runnableTranscoders(): Promise<VideoTranscoder[]> {
  return (await ffmpegRuns()) ? [ffmpegTranscoder, noTranscoder] : [noTranscoder];
}
