import { spawn } from 'node:child_process';
import path from 'node:path';
import { allowedContainer, singleFileContainers, sniffContainer, type SingleFileContainer } from './video-containers.js';
import { hlsPlaylistName } from './video-stream.js';

/** What an upload proved to be. */
export interface VideoProbe {
  container: SingleFileContainer;
  /** Its length in seconds; null when this machine cannot tell (the uploading browser's figure stands). */
  durationSeconds: number | null;
}

/**
 * How an uploaded video is checked, measured and made streamable on this machine. Both calls take one
 * file staged alone in a folder of its own, and never open any other file or any URL the upload names.
 */
export interface VideoTranscoder {
  readonly kind: 'ffmpeg' | 'none';
  /** The file's container when it is one of `singleFileContainers`; null for anything else (playlists, concat lists, images, text). */
  probe(file: string): Promise<VideoProbe | null>;
  /**
   * Writes an HLS rendition (`index.m3u8` and segments named relative to it) into the empty folder
   * `outDir`, reading the file as the container `probe` found; false when this machine does not
   * transcode (the original is played). Rejects on a file it cannot read as that container.
   */
  transcodeToHls(file: string, probe: VideoProbe, outDir: string): Promise<boolean>;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], timeoutMs: number, cwd?: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Input options that keep ffprobe and ffmpeg on the one staged file: local files only, and only the
 * allowed demuxers (an HLS playlist or a concat list is refused before it opens what it names).
 * The file is named relative to its folder, which is the working folder.
 */
function confinedInput(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', singleFileContainers.join(','), '-i', `file:${path.basename(file)}`];
}

/** Debian's ffprobe and ffmpeg: H.264/AAC in 6-second MPEG-TS segments, which hls.js plays in every browser. */
export const ffmpegTranscoder: VideoTranscoder = {
  kind: 'ffmpeg',
  async probe(file) {
    const args = ['-v', 'error', ...confinedInput(file), '-show_entries', 'format=format_name,duration', '-of', 'json'];
    const result = await run('ffprobe', args, 60_000, path.dirname(file));
    if (result.code !== 0) return null;
    const format = (JSON.parse(result.stdout) as { format?: { format_name?: string; duration?: string } }).format;
    const container = allowedContainer(format?.format_name ?? '');
    if (!container) return null;
    const seconds = Number.parseFloat(format?.duration ?? '');
    return { container, durationSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null };
  },
  async transcodeToHls(file, probe, outDir) {
    const args = [
      ['-nostdin', '-v', 'error', '-y', '-f', probe.container, ...confinedInput(file)],
      ['-map', '0:v:0', '-map', '0:a:0?', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
      ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-threads', '2'],
      ['-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(outDir, 'segment-%05d.ts')],
      [path.join(outDir, hlsPlaylistName)],
    ].flat();
    const result = await run('ffmpeg', args, 6 * 60 * 60 * 1000, path.dirname(file));
    if (result.code !== 0) throw new Error(`ffmpeg exited with ${result.code}: ${result.stderr.trim()}`);
    return true;
  },
};

/** No ffmpeg here: the container is told by the file's first bytes, the browser's duration stands and the file is played as it is. */
export const noTranscoder: VideoTranscoder = {
  kind: 'none',
  probe: async (file) => {
    const container = await sniffContainer(file);
    return container && { container, durationSeconds: null };
  },
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
