import fs from 'node:fs/promises';

/**
 * The containers an uploaded video may be: each holds its media in the one file. Playlists (HLS),
 * concat lists, image sequences and every other format that names further files or URLs are not here.
 * The names are ffmpeg's demuxers, passed to it with `-f`.
 */
export const singleFileContainers = ['mov', 'matroska', 'flv', 'mpegts', 'avi'] as const;
export type SingleFileContainer = (typeof singleFileContainers)[number];

/** ffprobe's `format_name` (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, ...) as an allowed container, or null. */
export function allowedContainer(formatName: string): SingleFileContainer | null {
  const names = formatName.split(',');
  return singleFileContainers.find((container) => names.includes(container)) ?? null;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
/** The first atoms a QuickTime or ISO media file (mp4, mov, m4v) starts with. */
const quickTimeAtoms = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);

/** MPEG transport stream packets: a sync byte every 188 bytes (or every 192 after a 4-byte time code, as in .m2ts). */
function isTransportStream(head: Buffer): boolean {
  return [
    [0, 188],
    [4, 192],
  ].some(([offset, stride]) => [0, 1, 2].every((packet) => head[offset! + packet * stride!] === 0x47));
}

/** Which allowed container a file's first bytes say it is, without any decoder: the embedded transcoder's probe. */
export async function sniffContainer(file: string): Promise<SingleFileContainer | null> {
  const handle = await fs.open(file, 'r');
  const head = Buffer.alloc(1024);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (quickTimeAtoms.has(ascii(head, 4, 8))) return 'mov';
  if (head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (ascii(head, 0, 3) === 'FLV' && head[3] === 1) return 'flv';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (isTransportStream(head)) return 'mpegts';
  return null;
}
