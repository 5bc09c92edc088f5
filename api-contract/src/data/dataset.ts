import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime } from '../values.js';
import { TreePath } from './task.js';

export const DatasetName = Type.String({
  title: '数据集名称',
  pattern: '^[a-z0-9][a-z0-9._-]{0,63}$',
  maxLength: 64,
  description: '小写字母、数字、点、下划线或短横线，以字母或数字开头，最多64位（用作挂载目录名）',
});
const Title = Type.String({ title: '标题', minLength: 1, maxLength: 120 });
const Description = Type.String({ title: '描述', maxLength: 2000 });
const Licence = Type.String({ title: '许可证', minLength: 1, maxLength: 60 });
const Version = Type.String({ title: '版本', minLength: 1, maxLength: 32 });

export const DatasetView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  licence: Type.String(),
  version: Type.String(),
  sizeBytes: Type.Integer(),
  fileCount: Type.Integer(),
  checksum: Type.String({ description: '清单（每个文件的 路径\\t大小\\tSHA-256，按路径排序，每行以换行结尾）的 SHA-256' }),
  status: Type.String({ description: 'building 生成中 / ready 可用 / failed 生成失败' }),
  statusName: Type.String(),
  isPublic: Type.Boolean(),
  gmtCreate: DateTime,
});
export type DatasetView = Static<typeof DatasetView>;

export const DatasetListBody = Type.Intersect([
  PageQuery,
  Type.Object({ keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 60 })) }),
]);
export type DatasetListBody = Static<typeof DatasetListBody>;

export const DatasetIdBody = Type.Object({ id: Id('数据集ID') });
export type DatasetIdBody = Static<typeof DatasetIdBody>;

export const DatasetFilesBody = Type.Object({ id: Id('数据集ID'), path: Type.Optional(TreePath) });
export type DatasetFilesBody = Static<typeof DatasetFilesBody>;

export const DatasetFile = Type.Object({
  name: Type.String(),
  path: Type.String(),
  isDir: Type.Boolean(),
  size: Type.Integer({ description: '字节；文件夹为0' }),
});
export type DatasetFile = Static<typeof DatasetFile>;

export const DatasetCopyBody = Type.Object({
  id: Id('数据集ID'),
  regionCode: Type.String({ title: '地区', minLength: 1, maxLength: 32 }),
  folder: Type.Optional(TreePath),
});
export type DatasetCopyBody = Static<typeof DatasetCopyBody>;

export const DatasetMountBody = Type.Object({ id: Id('数据集ID'), instanceId: Id('实例ID') });
export type DatasetMountBody = Static<typeof DatasetMountBody>;

export const MyDatasetCreateBody = Type.Object({
  name: DatasetName,
  title: Title,
  description: Type.Optional(Description),
  licence: Licence,
  version: Version,
  regionCode: Type.String({ title: '网盘地区', minLength: 1, maxLength: 32 }),
  folder: Type.String({ title: '网盘文件夹', minLength: 1, maxLength: 1024 }),
});
export type MyDatasetCreateBody = Static<typeof MyDatasetCreateBody>;

export const MyDatasetUpdateBody = Type.Object({
  id: Id('数据集ID'),
  title: Title,
  description: Description,
  licence: Licence,
  version: Version,
});
export type MyDatasetUpdateBody = Static<typeof MyDatasetUpdateBody>;
