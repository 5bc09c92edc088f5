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
  md5: Type.String({ description: "上传时记下的 MD5；文件夹、不是上传来的或上传后被改写过的文件为 ''" }),
  gmtCreate: Type.Union([DateTime, Type.Null()], { description: '文件夹为 null' }),
});
export type DirEntry = Static<typeof DirEntry>;

/** The default cluster's file storage: bytes and files used (the trash counts) and its quotas; bytes held for uploads in progress. */
export const StorageUsage = Type.Object({
  used: Type.Integer({ description: '已存文件字节数' }),
  reserved: Type.Integer({ description: '进行中的上传预留的字节数' }),
  quota: Type.Integer({ description: '配额（字节）' }),
  usedFiles: Type.Integer({ description: '已存文件数' }),
  quotaFiles: Type.Integer({ description: '文件数配额' }),
  clusterId: Type.Integer({ description: '默认集群' }),
});
export type StorageUsage = Static<typeof StorageUsage>;
