import { Type, type Static } from 'typebox';
import { DateTime } from '../values.js';
import { UploadPath } from './upload.js';

export const UserDirsBody = Type.Object({ path: Type.Optional(UploadPath) });
export type UserDirsBody = Static<typeof UserDirsBody>;

/** One entry of a folder in the user's file storage. */
export const DirEntry = Type.Object({
  name: Type.String(),
  path: Type.String({ description: "文件存储中的路径，含名称（'' 为根目录）" }),
  isDir: Type.Boolean(),
  size: Type.Integer({ description: '字节；文件夹为0' }),
  md5: Type.String({ description: "文件夹为 ''" }),
  gmtCreate: Type.Union([DateTime, Type.Null()], { description: '文件夹为 null' }),
});
export type DirEntry = Static<typeof DirEntry>;

/** Bytes: stored files, space held for uploads in progress, and the quota over both. */
export const StorageUsage = Type.Object({
  used: Type.Integer({ description: '已存文件字节数' }),
  reserved: Type.Integer({ description: '进行中的上传预留的字节数' }),
  quota: Type.Integer({ description: '配额（字节），含预留' }),
});
export type StorageUsage = Static<typeof StorageUsage>;
