import { Type, type Static } from 'typebox';
import { TextContent } from '../file-preview.js';
import { FileName, Md5, TotalSize, UploadPath } from '../orion/upload.js';

/** `/apis/cloud-net-disk/...`: the S3-style cloud disk of a user in one region, filled and read through presigned URLs. */
const RegionCode = Type.String({ title: '地区编码', minLength: 1, maxLength: 40 });
/** A key relative to the region's cloud disk: `folder/file`, or `folder/` for a folder. */
const Key = Type.String({ title: '对象键', minLength: 1, maxLength: 1024 });
const Prefix = Type.String({ title: '目录前缀', maxLength: 1024 });

export const RegionQuery = Type.Object({ regionCode: RegionCode });
export type RegionQuery = Static<typeof RegionQuery>;

export const CloudDiskInfo = Type.Object({
  regionCode: Type.String(),
  activated: Type.Boolean(),
  usedBytes: Type.Integer({ description: '已用字节' }),
  objects: Type.Integer({ description: '文件数' }),
  quotaBytes: Type.Integer({ description: '容量（字节）' }),
  freeGb: Type.Integer({ description: '免费额度（GB），超出部分计费' }),
  pricePerGbMonth: Type.Integer({ description: '超出免费额度后每 GB 每月的价格（千分之一元）' }),
  activatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CloudDiskInfo = Static<typeof CloudDiskInfo>;

export const ActivationBody = Type.Object({ regionCode: RegionCode });
export type ActivationBody = Static<typeof ActivationBody>;

export const ListQuery = Type.Object({
  regionCode: RegionCode,
  prefix: Type.Optional(Prefix),
  continuationToken: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const CloudObject = Type.Object({
  key: Type.String({ description: '相对云盘根的键' }),
  name: Type.String(),
  size: Type.Integer(),
  lastModified: Type.String({ format: 'date-time' }),
});
export type CloudObject = Static<typeof CloudObject>;

export const ListResult = Type.Object({
  prefix: Type.String(),
  folders: Type.Array(Type.Object({ key: Type.String({ description: '以 / 结尾' }), name: Type.String() })),
  files: Type.Array(CloudObject),
  nextContinuationToken: Type.Union([Type.String(), Type.Null()], { description: '还有更多时不为空：带上它再取下一页' }),
});
export type ListResult = Static<typeof ListResult>;

export const SinglePresignedBody = Type.Object({
  regionCode: RegionCode,
  prefix: Type.Optional(UploadPath),
  fileName: FileName,
  fileSize: TotalSize,
});
export type SinglePresignedBody = Static<typeof SinglePresignedBody>;

export const SinglePresignedResult = Type.Object({
  key: Type.String(),
  url: Type.String({ description: '预签名 PUT 地址（请求体为文件字节，长度须与申报一致）' }),
  expiresAt: Type.Integer({ description: '过期时间（毫秒时间戳）' }),
});
export type SinglePresignedResult = Static<typeof SinglePresignedResult>;

/** The uploader's gpu target sends what every upload start carries: the name, its hash, the cut and the size. */
export const MultipartPresignedBody = Type.Object({
  regionCode: RegionCode,
  prefix: Type.Optional(UploadPath),
  fileName: FileName,
  hashCode: Type.Optional(Md5('文件哈希')),
  chunkSize: Type.Integer({ title: '分片大小', minimum: 1, maximum: 5 * 1024 ** 3 }),
  fileSize: TotalSize,
});
export type MultipartPresignedBody = Static<typeof MultipartPresignedBody>;

export const MultipartPresignedResult = Type.Object({
  skipUpload: Type.Boolean({ description: '云盘直传总是为假' }),
  uploadId: Type.String(),
  key: Type.String(),
  chunkUrls: Type.Array(Type.String(), { description: '每个分片的预签名 PUT 地址，按分片序号排列；应答头 ETag 在合并时带回' }),
  uploaded: Type.Array(Type.Integer({ minimum: 1 })),
  expiresAt: Type.Integer({ description: '过期时间（毫秒时间戳）' }),
});
export type MultipartPresignedResult = Static<typeof MultipartPresignedResult>;

export const CompleteMultipartBody = Type.Object({
  regionCode: RegionCode,
  prefix: Type.Optional(UploadPath),
  fileName: FileName,
  uploadId: Type.String({ minLength: 1, maxLength: 1024 }),
  fileSize: Type.Optional(TotalSize),
  hashCode: Type.Optional(Md5('文件哈希')),
  contentType: Type.Optional(Type.String({ maxLength: 200 })),
  chunkSize: Type.Optional(Type.Integer({ minimum: 1 })),
  parts: Type.Array(
    Type.Object({ partNumber: Type.Integer({ minimum: 1, maximum: 10_000 }), etag: Type.String({ minLength: 1, maxLength: 100 }) }),
    {
      minItems: 1,
      maxItems: 10_000,
    },
  ),
});
export type CompleteMultipartBody = Static<typeof CompleteMultipartBody>;

export const StoredObjectResult = Type.Object({ key: Type.String(), size: Type.Integer(), regionCode: Type.String() });
export type StoredObjectResult = Static<typeof StoredObjectResult>;

export const DownloadPresignedBody = Type.Object({ regionCode: RegionCode, key: Key });
export type DownloadPresignedBody = Static<typeof DownloadPresignedBody>;
export const DownloadPresignedResult = Type.Object({
  url: Type.String({ description: '预签名 GET 地址（支持 Range 断点续传，文件名按 RFC 5987 保留中文）' }),
  expiresAt: Type.Integer(),
});
export type DownloadPresignedResult = Static<typeof DownloadPresignedResult>;

export const FolderBody = Type.Object({ regionCode: RegionCode, prefix: Type.Optional(UploadPath), name: FileName });
export type FolderBody = Static<typeof FolderBody>;
export const FolderResult = Type.Object({ key: Type.String({ description: '新文件夹的键，以 / 结尾' }) });
export type FolderResult = Static<typeof FolderResult>;

export const DeleteBody = Type.Object({
  regionCode: RegionCode,
  keys: Type.Array(Key, { minItems: 1, maxItems: 1000, description: '以 / 结尾的键删除整个文件夹' }),
});
export type DeleteBody = Static<typeof DeleteBody>;
export const DeleteResult = Type.Object({ deleted: Type.Integer() });
export type DeleteResult = Static<typeof DeleteResult>;

/** The transfers the server signs and serves itself when blobs are kept in its local folder. */
export const BlobTransferQuery = Type.Object({
  grant: Type.String({ minLength: 1, maxLength: 4096 }),
  signature: Type.String({ minLength: 1, maxLength: 100 }),
});
export type BlobTransferQuery = Static<typeof BlobTransferQuery>;
export const BlobTransferResult = Type.Object({ etag: Type.String() });
export type BlobTransferResult = Static<typeof BlobTransferResult>;

/** A file of the cloud disk to show or to save edited text over. */
export const ObjectBody = Type.Object({ regionCode: RegionCode, key: Key });
export type ObjectBody = Static<typeof ObjectBody>;

export const SaveObjectTextBody = Type.Object({ regionCode: RegionCode, key: Key, text: TextContent });
export type SaveObjectTextBody = Static<typeof SaveObjectTextBody>;
