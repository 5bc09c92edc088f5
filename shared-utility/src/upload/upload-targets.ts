import type { MultipartPresignedResult } from '@rc/api-contract/cloud-net-disk/cloud-disk';
import type { ChunkCheckResult, ChunkOpenResult } from '@rc/api-contract/orion/upload';
import type { ApiResult } from '../api-client';
import type { FileHasher } from './file-hasher';
import { apiUrl, callApi, postJson, TransportError, type UploadConnection } from './upload-connection';
import { credentialTarget } from './credential-target';
import { sliceMd5Of } from './slice-md5';
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

/**
 * CPU and video: multipart chunk form (file, filename, chunkNumber, identifier plus extras), then merge. `hasher` computes
 * the `sliceMd5` of a large upload opened before its MD5 is known.
 */
const chunkFormTarget = (paths: UploadTarget['paths'], hasher: FileHasher): UploadTarget => ({
  paths,

  prepare: async (item, connection) =>
    postJson<Preparation>(connection, `${item.uploadPath}/check`, {
      identifier: item.md5 || undefined,
      uploadId: item.uploadId || undefined,
      // A large upload resumed before its MD5 is known is asked again whether hashing it could find it stored.
      sliceMd5: item.uploadId && !item.md5 && item.file ? await sliceMd5Of(item.file, hasher) : undefined,
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
      identifier: item.md5 || undefined,
      uploadId: item.uploadId || undefined,
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      totalChunks: totalChunks(item),
      ...item.mergeParams,
    }),
});

/** The CPU chunk form, which also takes a large file's chunks before its MD5 is known (under the id `open` gets). */
const cpuTarget = (paths: UploadTarget['paths'], hasher: FileHasher): UploadTarget => ({
  ...chunkFormTarget(paths, hasher),
  open: async (item, connection) =>
    postJson<ChunkOpenResult>(connection, `${item.uploadPath}/open`, {
      sliceMd5: await sliceMd5Of(item.file!, hasher),
      fileName: item.fileName,
      chunkSize: item.chunkSize,
      totalSize: item.fileSize,
      ...item.uploadParams,
    }),
});

/** One item's multipart upload: its presigned part URLs, and the ETag each stored part was answered with. */
interface GpuUpload {
  start: MultipartPresignedResult;
  etags: Map<number, string>;
}

/**
 * GPU (the cloud disk): the server creates a multipart upload and presigns its part URLs; each
 * chunk is PUT straight there (the object store itself when it is S3; no session token goes with
 * it), and the parts are completed with their ETags. A large file's upload is opened at once (`open`)
 * and never hashed: the cloud disk keeps no hash to find it by.
 */
function gpuTarget(): UploadTarget {
  const started = new Map<string, GpuUpload>();

  async function presign(item: UploadItem, connection: UploadConnection) {
    const answer = await postJson<MultipartPresignedResult>(connection, item.uploadPath, {
      fileName: item.fileName,
      hashCode: item.md5 || undefined,
      chunkSize: item.chunkSize,
      fileSize: item.fileSize,
      ...item.uploadParams,
    });
    if (answer.code === 200) started.set(item.id, { start: answer.data, etags: new Map() });
    return answer;
  }

  return {
    paths: { uploadPath: '/cloud-net-disk/auth/multipar-presigned', mergePath: '/cloud-net-disk/auth/complete-multipar' },

    async open(item, connection) {
      const answer = await presign(item, connection);
      if (answer.code !== 200) return { ...answer, data: null as never };
      // The cloud disk gives nothing instantly (no 秒传): hashing a large file could never spare sending it.
      return { ...answer, data: { uploadId: answer.data.uploadId, maybeHeld: false } };
    },

    async prepare(item, connection) {
      if (item.uploadId) {
        // An upload opened before the MD5 was known: its parts are the ones this page sent (the object store keeps no
        // list the page could ask for); after a reload the page has none, so it opens a new upload (answered as gone).
        const upload = started.get(item.id);
        if (upload?.start.uploadId !== item.uploadId) return { code: 404, data: null as never, msg: '上传任务不存在或已过期，请重新上传' };
        return { code: 200, data: { skipUpload: false, uploaded: [...upload.etags.keys()], maybeHeld: false }, msg: '' };
      }
      return presign(item, connection);
    },

    async sendChunk(item, chunk, connection, signal) {
      const upload = started.get(item.id);
      const url = upload?.start.chunkUrls[chunk.index];
      if (!upload || !url) throw new TransportError(`no presigned URL for chunk ${chunk.index + 1}`);
      const response = await fetch(apiUrl(connection, url, true), { method: 'PUT', body: chunk.file, signal }).catch(() => null);
      const etag = response?.headers.get('etag');
      if (!response?.ok || !etag) throw new TransportError(`chunk ${chunk.index + 1}: ${response?.status ?? 'no answer'}`);
      upload.etags.set(chunk.index + 1, etag);
    },

    async merge(item, connection) {
      const upload = started.get(item.id);
      const parts = [...(upload?.etags ?? [])].map(([partNumber, etag]) => ({ partNumber, etag }));
      const answer = await postJson(connection, item.mergePath, {
        uploadId: upload?.start.uploadId ?? '',
        fileName: item.fileName,
        hashCode: item.md5 || undefined,
        contentType: item.file?.type || 'application/octet-stream',
        chunkSize: item.chunkSize,
        fileSize: item.fileSize,
        parts,
        ...item.mergeParams,
      });
      if (answer.code === 200) started.delete(item.id);
      return answer;
    },
  };
}

/** The targets, computing what they hash with `hasher` (the engine's). */
export function createTargets(hasher: FileHasher): Record<UploadItem['uploadType'], UploadTarget> {
  return {
    cpu: cpuTarget({ uploadPath: '/orion/auth/file/chunk', mergePath: '/orion/auth/file/mergeFile' }, hasher),
    video: chunkFormTarget({ uploadPath: '/vod/auth/videoInfo/upload', mergePath: '/vod/auth/videoInfo/merge' }, hasher),
    gpu: gpuTarget(),
    credential: credentialTarget(),
  };
}
