import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

/** 分享一个文件、文件夹或数据集。 */
export const ShareCreateBody = Type.Object({
  source: Type.String({
    title: '存储位置',
    maxLength: 80,
    description: "'netdisk:<地区编码>' 网盘, 'cluster:<集群ID>' 文件存储, 'cloud:<地区编码>' 云盘, 'dataset:<数据集ID>' 数据集",
  }),
  path: Type.String({ title: '文件路径', maxLength: 1024, description: '存储位置内的文件或文件夹；数据集为空' }),
  expiryDays: Type.Integer({ title: '有效期', description: '1、7、30 天，0 为永久有效' }),
  code: Type.Optional(
    Type.Union([Type.String({ title: '提取码', maxLength: 4 }), Type.Null()], {
      description: '4位字母或数字，不区分大小写；空为不设提取码',
    }),
  ),
  maxDownloads: Type.Optional(Type.Union([Type.Integer({ title: '下载次数上限', minimum: 1, maximum: 100_000 }), Type.Null()])),
});
export type ShareCreateBody = Static<typeof ShareCreateBody>;

/** 我的分享中的一条。 */
export const ShareView = Type.Object({
  id: Type.Integer(),
  token: Type.String({ description: '分享页为 /s/<token>' }),
  source: Type.String(),
  sourceLabel: Type.String({ description: '网盘、文件存储、云盘或数据集' }),
  path: Type.String(),
  name: Type.String(),
  isDir: Type.Boolean(),
  code: Type.Union([Type.String(), Type.Null()], { description: '提取码；null 为不需要' }),
  expiresAt: NullableDateTime,
  maxDownloads: Type.Union([Type.Integer(), Type.Null()]),
  downloads: Type.Integer(),
  state: Type.String({ description: 'active 有效, revoked 已取消, expired 已过期, used-up 次数已用完' }),
  stateName: Type.String(),
  gmtCreate: DateTime,
});
export type ShareView = Static<typeof ShareView>;

export const ShareListBody = PageQuery;
export type ShareListBody = Static<typeof ShareListBody>;

export const ShareIdBody = Type.Object({ id: Id('分享') });
export type ShareIdBody = Static<typeof ShareIdBody>;

export const ShareAccessListBody = Type.Intersect([PageQuery, ShareIdBody]);
export type ShareAccessListBody = Static<typeof ShareAccessListBody>;

/** 访问记录的一条：时间、地址、做了什么。 */
export const ShareAccessView = Type.Object({
  id: Type.Integer(),
  action: Type.String({ description: 'open 打开, download 下载, wrong-code 提取码错误' }),
  actionName: Type.String(),
  ip: Type.String(),
  path: Type.String({ description: '下载的文件或文件夹' }),
  bytes: Type.Integer(),
  gmtCreate: DateTime,
});
export type ShareAccessView = Static<typeof ShareAccessView>;

/** 打开分享页（无需登录）。 */
export const ShareOpenBody = Type.Object({
  token: Type.String({ title: '分享链接', maxLength: 32 }),
  code: Type.Optional(Type.String({ title: '提取码', maxLength: 16 })),
});
export type ShareOpenBody = Static<typeof ShareOpenBody>;

export const SharedItem = Type.Object({
  name: Type.String(),
  isDir: Type.Boolean(),
  size: Type.Integer({ description: '字节；文件夹为其中文件之和' }),
  datasetId: Type.Union([Type.Integer(), Type.Null()], { description: '数据集分享时为数据集ID' }),
  downloadsLeft: Type.Union([Type.Integer(), Type.Null()], { description: '剩余下载次数；null 为不限' }),
});
export type SharedItem = Static<typeof SharedItem>;

/** 分享页：需要提取码而未给出时 item 与 pass 为 null。 */
export const ShareOpened = Type.Object({
  sharer: Type.String({ description: '分享者昵称' }),
  expiresAt: NullableDateTime,
  needsCode: Type.Boolean(),
  pass: Type.Union([Type.String(), Type.Null()], { description: '打开后的访问凭证，用于列目录、下载与租用实例' }),
  item: Type.Union([SharedItem, Type.Null()]),
});
export type ShareOpened = Static<typeof ShareOpened>;

/** 分享的文件夹内的一处：列目录，或下载（表单提交，浏览器保存应答）。 */
export const SharedPathBody = Type.Object({
  pass: Type.String({ title: '访问凭证', maxLength: 64 }),
  path: Type.String({ title: '路径', maxLength: 1024, description: '分享的文件夹内的路径；空为分享的文件或文件夹本身' }),
});
export type SharedPathBody = Static<typeof SharedPathBody>;

export const SharedEntry = Type.Object({
  name: Type.String(),
  path: Type.String({ description: '分享的文件夹内的路径' }),
  isDir: Type.Boolean(),
  size: Type.Integer(),
  modifiedAt: DateTime,
});
export type SharedEntry = Static<typeof SharedEntry>;

export const SharedFolder = Type.Object({ path: Type.String(), entries: Type.Array(SharedEntry) });
export type SharedFolder = Static<typeof SharedFolder>;

export const SharePassBody = Type.Object({ pass: Type.String({ title: '访问凭证', maxLength: 64 }) });
export type SharePassBody = Static<typeof SharePassBody>;

/** 数据集分享所指的数据集：租用页挂载它。 */
export const SharedDataset = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: '挂载于 /root/public-data/<name>' }),
  title: Type.String(),
});
export type SharedDataset = Static<typeof SharedDataset>;
