import { Type, type Static } from 'typebox';

/** Fields shared by the upload calls of every target (names as the spec's forms use them): files, videos and the cloud disk. */
export const FileName = Type.String({ title: '文件名', minLength: 1, maxLength: 255 });
export const Md5 = (title: string, description?: string) =>
  Type.String({ title, pattern: '^[0-9a-fA-F]{32}$', minLength: 32, maxLength: 32, ...(description && { description }) });
export const ChunkSize = Type.Integer({ title: '分片大小', minimum: 1, maximum: 2_147_483_647 });
export const TotalSize = Type.Integer({ title: '文件大小', minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
export const UploadPath = Type.String({ title: '上传路径', maxLength: 1024 });
/** The server-issued id of an upload opened before its MD5 was known (large files: chunks travel while the browser hashes). */
export const UploadId = Type.String({ title: '上传ID', pattern: '^[0-9a-f-]{36}$' });

/**
 * The MD5 of a file's first 256 KiB (all of it when smaller), as Baidu's 秒传 links carry `slice-md5`: cheap to compute,
 * it tells whether a stored file of the same size can hold the same content before the whole file is hashed.
 */
export const sliceMd5Bytes = 256 * 1024;
const SliceMd5 = Md5('首段MD5', '文件前 256 KiB（不足则为整个文件）的 MD5；有它时，只有同样大小且首段相同的已存文件才算可能秒传');

/** Opens an upload of a large file before its MD5 is known; its size is reserved from the quota. */
export const ChunkOpenBody = Type.Object({
  fileName: FileName,
  chunkSize: ChunkSize,
  totalSize: TotalSize,
  path: Type.Optional(UploadPath),
  sliceMd5: Type.Optional(SliceMd5),
});
export type ChunkOpenBody = Static<typeof ChunkOpenBody>;
/**
 * Whether hashing the file can pay: the user stores a file of exactly this size (and, when `sliceMd5` was sent, with the
 * same first 256 KiB), so this one may be held already (秒传 once its MD5 is known). Otherwise the browser need not hash
 * it: the server's MD5 of the bytes it receives is the file's.
 */
const MaybeHeld = Type.Boolean({
  description: '为真时已存储同样大小（且首段MD5相同）的文件，算出 MD5 后可能秒传；为假时不必计算 MD5，合并时由服务器按收到的字节计算',
});
export const ChunkOpenResult = Type.Object({ uploadId: UploadId, maybeHeld: MaybeHeld });
export type ChunkOpenResult = Static<typeof ChunkOpenResult>;

/** `identifier` alone: the hash-first check. With `uploadId`: the chunks of that upload, and 秒传 once `identifier` is known. */
export const ChunkCheckBody = Type.Object({
  identifier: Type.Optional(Md5('文件标识')),
  uploadId: Type.Optional(UploadId),
  fileName: FileName,
  chunkSize: ChunkSize,
  totalSize: TotalSize,
  path: Type.Optional(UploadPath),
  /** With `uploadId` alone: narrows `maybeHeld` as `open` does. */
  sliceMd5: Type.Optional(SliceMd5),
});
export type ChunkCheckBody = Static<typeof ChunkCheckBody>;

/** What the server already has: everything (秒传), or these chunks (numbers from 1). */
export const ChunkCheckResult = Type.Object({
  skipUpload: Type.Boolean({ description: '为真时该内容已存储，直接合并即可（秒传）' }),
  uploaded: Type.Array(Type.Integer({ minimum: 1 }), { description: '已收到的分片序号（从1起）' }),
  /** Answered for an upload asked by `uploadId` without `identifier`, as `open` answers it. */
  maybeHeld: Type.Optional(MaybeHeld),
});
export type ChunkCheckResult = Static<typeof ChunkCheckResult>;

/** The answer to one chunk of the multipart chunk form. */
export const ChunkResult = Type.Object({ chunkNumber: Type.Integer({ minimum: 1 }) });
export type ChunkResult = Static<typeof ChunkResult>;

/**
 * The test request of the standard chunk client (simple-uploader.js with `testChunks`): a GET carrying the chunk
 * form's fields in its query. Any other field it sends (filename, relativePath, ...) is ignored.
 */
export const ChunkTestQuery = Type.Object({
  identifier: Md5('文件标识'),
  chunkNumber: Type.Integer({ title: '分片序号', minimum: 1, maximum: 1_000_000 }),
  chunkSize: ChunkSize,
  totalSize: TotalSize,
  totalChunks: Type.Integer({
    title: '分片总数',
    minimum: 1,
    maximum: 1_000_000,
    description: '文件切成的分片数：余下不足一个分片的字节单独成片（向上取整），或并入最后一片（向下取整，simple-uploader.js 的默认切法）',
  }),
});
export type ChunkTestQuery = Static<typeof ChunkTestQuery>;

export const MergeBody = Type.Object({
  fileName: FileName,
  /** Left out only with `uploadId`, for a file the browser did not hash (`maybeHeld` false): the server's MD5 is the file's. */
  identifier: Type.Optional(Md5('文件标识')),
  chunkSize: ChunkSize,
  totalSize: TotalSize,
  totalChunks: Type.Optional(Type.Integer({ title: '分片总数', minimum: 1, maximum: 1_000_000 })),
  path: Type.Optional(UploadPath),
  tree: Type.Optional(
    Type.String({
      title: '存储位置',
      maxLength: 80,
      description: "文件落入的树：'cluster:<集群id>' 或 'netdisk:<地区编码>'；缺省为默认集群的文件存储",
    }),
  ),
  uploadId: Type.Optional(UploadId),
});
export type MergeBody = Static<typeof MergeBody>;
