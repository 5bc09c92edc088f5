import { Type, type Static } from 'typebox';
import { ChunkSize, FileName, Md5, TotalSize, UploadId, UploadPath } from '../orion/upload.js';

/** `/apis/cloud-net-disk/...`: GPU-style uploads into the cloud disk of a region through presigned chunk URLs. */
const RegionCode = Type.String({ title: '地区编码', minLength: 1, maxLength: 40 });
const ContentType = Type.String({ title: '文件类型', maxLength: 200 });

/**
 * `hashCode` alone: the hash-first start. Neither: a large file's upload opened before its MD5 is known.
 * `uploadId`: that upload again (its URLs and chunks), given up for 秒传 when `hashCode` is already stored.
 */
export const UploadInitBody = Type.Object({
  regionCode: RegionCode,
  prefix: Type.Optional(UploadPath),
  fileName: FileName,
  hashCode: Type.Optional(Md5('文件哈希')),
  uploadId: Type.Optional(UploadId),
  chunkSize: ChunkSize,
  fileSize: TotalSize,
});
export type UploadInitBody = Static<typeof UploadInitBody>;

export const UploadInitResult = Type.Object({
  skipUpload: Type.Boolean({ description: '为真时该内容已存储，直接合并即可（秒传），其余字段为空' }),
  uploadId: Type.String(),
  chunkUrls: Type.Array(Type.String(), { description: '每个分片的预签名 PUT 地址，按分片序号排列' }),
  uploaded: Type.Array(Type.Integer({ minimum: 1 }), { description: '已收到的分片序号（从1起）' }),
  expiresAt: Type.Integer({ description: '预签名地址的过期时间（毫秒时间戳）；秒传时为0' }),
});
export type UploadInitResult = Static<typeof UploadInitResult>;

export const UploadPartParams = Type.Object({
  uploadId: UploadId,
  partNumber: Type.Integer({ title: '分片序号', minimum: 1, maximum: 1_000_000 }),
});
export type UploadPartParams = Static<typeof UploadPartParams>;
export const UploadPartQuery = Type.Object({
  expires: Type.Integer({ title: '过期时间', minimum: 0 }),
  signature: Type.String({ title: '签名', minLength: 1, maxLength: 100 }),
});
export type UploadPartQuery = Static<typeof UploadPartQuery>;
export const UploadPartResult = Type.Object({ partNumber: Type.Integer({ minimum: 1 }) });
export type UploadPartResult = Static<typeof UploadPartResult>;

export const UploadMergeBody = Type.Object({
  uploadId: Type.Optional(Type.String({ title: '上传ID', maxLength: 36 })),
  fileName: FileName,
  hashCode: Md5('文件哈希'),
  contentType: Type.Optional(ContentType),
  chunkSize: ChunkSize,
  fileSize: TotalSize,
  regionCode: RegionCode,
  prefix: Type.Optional(UploadPath),
});
export type UploadMergeBody = Static<typeof UploadMergeBody>;

export const UploadMergeResult = Type.Object({
  path: Type.String({ description: '文件在该地区云盘中的路径（含文件名）' }),
  size: Type.Integer({ description: '字节' }),
  md5: Type.String(),
  regionCode: Type.String(),
});
export type UploadMergeResult = Static<typeof UploadMergeResult>;
