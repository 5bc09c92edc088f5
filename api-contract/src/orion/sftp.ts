import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { TextContent } from '../file-preview.js';
import { DateTime } from '../values.js';
import { FileName, UploadPath } from './upload.js';

/** Which cluster's file storage a call works on; absent, the user's default cluster. */
const ClusterId = Type.Optional(Id('集群'));
const ItemPath = Type.String({ title: '路径', minLength: 1, maxLength: 1024 });
const ItemPaths = Type.Array(ItemPath, { title: '路径', minItems: 1, maxItems: 200 });

/** One file or folder of a file tree. */
export const TreeEntry = Type.Object({
  name: Type.String(),
  path: Type.String({ description: '树中的相对路径，含名称' }),
  isDir: Type.Boolean(),
  size: Type.Integer({ description: '字节；文件夹为0' }),
  modifiedAt: DateTime,
});
export type TreeEntry = Static<typeof TreeEntry>;

export const TreeUsage = Type.Object({ bytes: Type.Integer(), files: Type.Integer() });
export type TreeUsage = Static<typeof TreeUsage>;

export const SftpOpenBody = Type.Object({ clusterId: ClusterId });
export type SftpOpenBody = Static<typeof SftpOpenBody>;

export const SftpOpenResult = Type.Object({
  clusterId: Type.Integer(),
  clusterName: Type.String(),
  home: Type.String({ description: '用户在集群上的主目录' }),
  used: TreeUsage,
  quota: TreeUsage,
});
export type SftpOpenResult = Static<typeof SftpOpenResult>;

export const TreeSort = Type.Union([Type.Literal('name'), Type.Literal('size'), Type.Literal('time')], { title: '排序' });
export type TreeSort = Static<typeof TreeSort>;

export const SftpListBody = Type.Object({
  clusterId: ClusterId,
  path: Type.Optional(UploadPath),
  sort: Type.Optional(TreeSort),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { title: '顺序' })),
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 10_000 })),
});
export type SftpListBody = Static<typeof SftpListBody>;

/** A page of a folder: folders first, then files, in the order asked. */
export const TreePage = Type.Object({ path: Type.String(), total: Type.Integer(), list: Type.Array(TreeEntry) });
export type TreePage = Static<typeof TreePage>;

export const SftpFolderBody = Type.Object({ clusterId: ClusterId, path: Type.Optional(UploadPath) });
export type SftpFolderBody = Static<typeof SftpFolderBody>;

export const SftpMkdirBody = Type.Object({ clusterId: ClusterId, path: Type.Optional(UploadPath), name: FileName });
export type SftpMkdirBody = Static<typeof SftpMkdirBody>;

export const SftpRenameBody = Type.Object({ clusterId: ClusterId, path: ItemPath, name: FileName });
export type SftpRenameBody = Static<typeof SftpRenameBody>;

export const SftpRemoveBody = Type.Object({ clusterId: ClusterId, paths: ItemPaths });
export type SftpRemoveBody = Static<typeof SftpRemoveBody>;

/** Several files and folders into one folder ('' is the root). */
export const SftpTransferBody = Type.Object({ clusterId: ClusterId, paths: ItemPaths, target: UploadPath });
export type SftpTransferBody = Static<typeof SftpTransferBody>;

export const TransferResult = Type.Object({
  paths: Type.Array(Type.String(), { description: '各项的新路径' }),
  taskId: Type.Union([Type.Integer(), Type.Null()], {
    description: '含文件夹的复制转为后台任务时为任务 id（见 /data/auth/task/get），否则为 null',
  }),
});
export type TransferResult = Static<typeof TransferResult>;

/** Something in the trash, restorable until `expiresAt`. */
export const TrashEntry = Type.Object({
  id: Type.Integer(),
  originalPath: Type.String(),
  isDir: Type.Boolean(),
  bytes: Type.Integer(),
  files: Type.Integer(),
  deletedAt: DateTime,
  expiresAt: DateTime,
});
export type TrashEntry = Static<typeof TrashEntry>;

export const TrashItemBody = Type.Object({ id: Type.Integer({ title: '回收站项', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export type TrashItemBody = Static<typeof TrashItemBody>;

export const RemoveToTrashResult = Type.Object({ items: Type.Array(TrashEntry) });
export type RemoveToTrashResult = Static<typeof RemoveToTrashResult>;

/** A file to show: `tail` asks for its last 512 KB (a log still being written) instead of its first. */
export const SftpReadBody = Type.Object({
  clusterId: ClusterId,
  path: ItemPath,
  tail: Type.Optional(Type.Boolean({ title: '从末尾读取' })),
});
export type SftpReadBody = Static<typeof SftpReadBody>;

export const SftpSaveBody = Type.Object({ clusterId: ClusterId, path: ItemPath, text: TextContent });
export type SftpSaveBody = Static<typeof SftpSaveBody>;

export const SftpFileBody = Type.Object({ clusterId: ClusterId, path: ItemPath });
export type SftpFileBody = Static<typeof SftpFileBody>;
