import fs from 'node:fs/promises';
import path from 'node:path';
import type { MergeFileResult } from '@rc/api-contract/orion/file';
import type { ChunkCheckResult, ChunkResult } from '@rc/api-contract/orion/upload';
import type { ApiClient } from './api-client.js';
import { usageError } from './cli-error.js';
import { fileMd5 } from './file-md5.js';

/** The web uploader's chunk size (shared-utility's constants.chunkSize), so either one resumes the other's upload. */
export const chunkSize = 5 * 1024 * 1024;

export interface UploadReport extends MergeFileResult {
  /** 秒传: the server already stored this content, no byte was sent. */
  instant: boolean;
  totalChunks: number;
  /** Chunks the server held before this run (an interrupted upload's). */
  heldChunks: number;
  sentChunks: number;
}

/**
 * The portal's chunked upload into file storage (docs/portal-contract.md, "Uploads"): the MD5 first, then the server
 * says what it holds — the whole content (秒传: merge at once) or some chunks (an interrupted upload: only the others
 * are sent) — then the chunks one at a time, then the merge, which checks the whole file's MD5. A chunk that fails ends
 * the command; running it again resumes.
 */
export async function uploadFile(api: ApiClient, local: string, folder: string, progress: (line: string) => void): Promise<UploadReport> {
  const stat = await fs.stat(local).catch(() => null);
  if (!stat?.isFile()) throw usageError(`不是可上传的文件：${local}`);
  const fileName = path.basename(local);
  const totalSize = stat.size;
  const totalChunks = Math.max(1, Math.ceil(totalSize / chunkSize));
  progress(`正在计算 MD5：${fileName}`);
  const identifier = await fileMd5(local);
  const upload = { identifier, fileName, chunkSize, totalSize, path: folder };
  const held = await api.post<ChunkCheckResult>('/orion/auth/file/chunk/check', upload);
  const merge = () => api.post<MergeFileResult>('/orion/auth/file/mergeFile', { ...upload, totalChunks });
  if (held.skipUpload) return { ...(await merge()), instant: true, totalChunks, heldChunks: totalChunks, sentChunks: 0 };

  const heldChunks = new Set(held.uploaded);
  const missing = Array.from({ length: totalChunks }, (_, index) => index + 1).filter((chunk) => !heldChunks.has(chunk));
  const stopAfter = Number(process.env.SUANLI_STOP_AFTER_CHUNKS) || Infinity;
  const file = await fs.open(local, 'r');
  try {
    for (const [sent, chunkNumber] of missing.entries()) {
      progress(`上传中 ${fileName}：第 ${chunkNumber}/${totalChunks} 片`);
      await sendChunk(api, file, { ...upload, chunkNumber, totalChunks });
      // The resume test's stand-in for a person pressing Ctrl-C or a lost session: a kill, after exactly this many chunks.
      if (sent + 1 === stopAfter) process.kill(process.pid, 'SIGKILL');
    }
  } finally {
    await file.close();
  }
  return { ...(await merge()), instant: false, totalChunks, heldChunks: heldChunks.size, sentChunks: missing.length };
}

interface ChunkPlace {
  identifier: string;
  fileName: string;
  chunkSize: number;
  totalSize: number;
  path: string;
  chunkNumber: number;
  totalChunks: number;
}

/** One chunk as the web uploader's multipart form: text fields first, then `file`. */
async function sendChunk(api: ApiClient, file: fs.FileHandle, place: ChunkPlace): Promise<void> {
  const start = (place.chunkNumber - 1) * place.chunkSize;
  const bytes = Buffer.alloc(Math.min(place.chunkSize, place.totalSize - start));
  await file.read(bytes, 0, bytes.length, start);
  const form = new FormData();
  form.append('filename', place.fileName);
  form.append('chunkNumber', String(place.chunkNumber));
  form.append('identifier', place.identifier);
  form.append('totalChunks', String(place.totalChunks));
  form.append('chunkSize', String(place.chunkSize));
  form.append('totalSize', String(place.totalSize));
  form.append('path', place.path);
  form.append('file', new Blob([bytes]), place.fileName);
  await api.postForm<ChunkResult>('/orion/auth/file/chunk', form);
}
