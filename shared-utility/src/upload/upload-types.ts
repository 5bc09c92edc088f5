export type UploadType = 'cpu' | 'gpu' | 'video' | 'credential';
/** Spec §4: preparing → pending → uploading ⇄ paused → success | error (cancel removes the item). */
export type UploadStatus = 'preparing' | 'pending' | 'uploading' | 'paused' | 'success' | 'error';
export type ChunkStatus = 'pending' | 'success' | 'failed' | 'paused';

/** Spec §3 chunk: `process` is the chunk's own progress, 0–100. */
export interface UploadChunk {
  index: number;
  file: Blob;
  status: ChunkStatus;
  retries: number;
  process: number;
}

/** Spec §3 upload queue item, plus what the uploader shows (size, hashing, speed, time left). */
export interface UploadItem {
  id: string;
  /** null for an item restored after a reload until the user picks the same file again. */
  file: File | null;
  uploadType: UploadType;
  fileName: string;
  fileSize: number;
  lastModified: number;
  md5: string;
  /**
   * Whether the item's MD5 is computed (and its merge waits for it): always, but for a large file sent under an upload id
   * that the server says it cannot hold already (`maybeHeld` false): hashing it could not spare sending it, and the
   * server's MD5 of the bytes it received is the file's.
   */
  hashWanted: boolean;
  /** The server's id of an upload opened before the MD5 was known (a large file, hashed while it is sent); '' otherwise. */
  uploadId: string;
  chunkSize: number;
  chunks: UploadChunk[];
  /** Share of chunks uploaded successfully, 0–100. */
  progress: number;
  status: UploadStatus;
  activeRequests: number;
  /** Where chunks go (CPU/video chunk form) or where the upload starts (GPU init). */
  uploadPath: string;
  mergePath: string;
  uploadParams: Record<string, string>;
  mergeParams: Record<string, string>;
  error: string;
  /** 0–100 while the MD5 is being computed. */
  hashProgress: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  remainingMs: number | null;
  /** The merge call's `data` once the upload succeeded (for video: `{ state, videoId }`). */
  result: unknown;
}

export interface AddOptions {
  uploadType?: UploadType;
  /** Extra fields of the chunk form / GPU init (e.g. `{ path }`, or `{ regionCode, prefix }`). */
  uploadParams?: Record<string, string>;
  /** Extra fields of the merge call; defaults to `uploadParams`. */
  mergeParams?: Record<string, string>;
}
