import type { UploadInitResult } from '@rc/api-contract/cloud-net-disk/upload';
import type { ChunkCheckResult, ChunkOpenResult } from '@rc/api-contract/orion/upload';
import type { ApiResult } from '../api-client';
import { apiUrl, callApi, postJson, TransportError, type UploadConnection } from './upload-connection';
import { credentialTarget } from './credential-target';
import type { UploadChunk, UploadItem } from './upload-types';

/** What the server already has: everything (秒传), or these chunks (numbers from 1). */
export type Preparation = ChunkCheckResult;

/** One way of getting an item's chunks to the server and merging them (spec §3: CPU, GPU, video), with its own call paths. */
export interface UploadTarget {
  /** Where a new item's chunks go (or its upload starts) and where it is merged; kept with the item. */
  readonly paths: { uploadPath: string; mergePath: string };
  /**
   * What the server holds of the item: by its MD5 (hash-first), or by its `uploadId` (then, once the
   * MD5 is known, `skipUpload` says the server gave the upload up because it stores this content: 秒传).
   */
  prepare(item: UploadItem, connection: UploadConnection): Promise<ApiResult<Preparation>>;
  /** Opens an upload before the MD5 is known, for targets that can send a large file while it is hashed. */
  open?(item: UploadItem, connection: UploadConnection): Promise<ApiResult<ChunkOpenResult>>;
  /** Resolves when the server stored the chunk; rejects otherwise (retried by the engine). */
  sendChunk(item: UploadItem, chunk: UploadChunk, connection: UploadConnection, signal: AbortSignal): Promise<void>;
  merge(item: UploadItem, connection: UploadConnection): Promise<ApiResult<unknown>>;
}

async function expectStored(answer: Promise<ApiResult<unknown>>, chunk: UploadChunk): Promise<void> {
  const result = await answer;
  if (result.code !== 200) throw new TransportError(`chunk ${chunk.index + 1}: ${result.code} ${result.msg}`);
}

const totalChunks = (item: UploadItem) => item.chunks.length;

/** CPU and video: multipart chunk form (file, filename, chunkNumber, identifier plus extras), then merge. */
const chunkFormTarget = (paths: UploadTarget['paths']): UploadTarget => ({
  paths,

  prepare: (item, connection) =>
    postJson<Preparation>(connection, `${item.uploadPath}/check`, {
      identifier: item.md5 || undefined,
      uploadId: item.uploadId || undefined,
      fileName: item.fileName,
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      ...item.uploadParams,
    }),

  sendChunk(item, chunk, connection, signal) {
    const form = new FormData();
    const fields: Record<string, string | number> = {
      filename: item.fileName,
      chunkNumber: chunk.index + 1,
      ...(item.uploadId ? { uploadId: item.uploadId } : { identifier: item.md5 }),
      totalChunks: totalChunks(item),
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      ...item.uploadParams,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', chunk.file, item.fileName);
    return expectStored(callApi(connection, { method: 'POST', url: apiUrl(connection, item.uploadPath), body: form, signal }), chunk);
  },

  merge: (item, connection) =>
    postJson(connection, item.mergePath, {
      fileName: item.fileName,
      identifier: item.md5,
      uploadId: item.uploadId || undefined,
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      totalChunks: totalChunks(item),
      ...item.mergeParams,
    }),
});

/** The CPU chunk form, which also takes a large file's chunks before its MD5 is known (under the id `open` gets). */
const cpuTarget = (paths: UploadTarget['paths']): UploadTarget => ({
  ...chunkFormTarget(paths),
  open: (item, connection) =>
    postJson<ChunkOpenResult>(connection, `${item.uploadPath}/open`, {
      fileName: item.fileName,
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      ...item.uploadParams,
    }),
});

type GpuStart = UploadInitResult;

/** GPU: the server hands out an uploadId and presigned chunk URLs, chunks are PUT there, then merged. */
function gpuTarget(): UploadTarget {
  const started = new Map<string, GpuStart>();
  /** Init by MD5, by upload id, or (neither known yet) opening a new upload; keeps the chunk URLs it signs. */
  async function start(item: UploadItem, connection: UploadConnection): Promise<ApiResult<GpuStart>> {
    const answer = await postJson<GpuStart>(connection, item.uploadPath, {
      fileName: item.fileName,
      hashCode: item.md5 || undefined,
      uploadId: item.uploadId || undefined,
      chunkSize: item.chunkSize,
      fileSize: item.fileSize,
      ...item.uploadParams,
    });
    if (answer.code === 200 && !answer.data.skipUpload) started.set(item.id, answer.data);
    return answer;
  }
  return {
    paths: { uploadPath: '/cloud-net-disk/auth/upload/init', mergePath: '/cloud-net-disk/auth/upload/merge' },

    prepare: (item, connection) => start(item, connection),
    open: (item, connection) => start(item, connection),

    sendChunk(item, chunk, connection, signal) {
      const url = started.get(item.id)?.chunkUrls[chunk.index];
      if (!url) return Promise.reject(new TransportError(`no presigned URL for chunk ${chunk.index + 1}`));
      const body = chunk.file.slice(0, chunk.file.size, 'application/octet-stream');
      return expectStored(callApi(connection, { method: 'PUT', url: apiUrl(connection, url, true), body, signal }), chunk);
    },

    async merge(item, connection) {
      const answer = await postJson(connection, item.mergePath, {
        uploadId: item.uploadId || started.get(item.id)?.uploadId || '',
        fileName: item.fileName,
        hashCode: item.md5,
        contentType: item.file?.type || 'application/octet-stream',
        chunkSize: item.chunkSize,
        fileSize: item.fileSize,
        ...item.mergeParams,
      });
      if (answer.code === 200) started.delete(item.id);
      return answer;
    },
  };
}

export function createTargets(): Record<UploadItem['uploadType'], UploadTarget> {
  return {
    cpu: cpuTarget({ uploadPath: '/orion/auth/file/chunk', mergePath: '/orion/auth/file/mergeFile' }),
    video: chunkFormTarget({ uploadPath: '/vod/auth/videoInfo/upload', mergePath: '/vod/auth/videoInfo/merge' }),
    gpu: gpuTarget(),
    credential: credentialTarget(),
  };
}
