import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime } from '../values.js';

/** `/apis/image/...`: system images, the user's private images and their repository. */
export const ImageName = Type.String({ title: '镜像名称', minLength: 1, maxLength: 60 });
export const ImageId = Id('镜像');

export const ImageView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  framework: Type.String(),
  frameworkVersion: Type.String(),
  python: Type.String(),
  cuda: Type.String(),
  os: Type.String(),
  sizeBytes: Type.Integer({ description: '镜像大小（字节）' }),
  status: Type.Integer({ description: '1 可用；0 保存中' }),
  sourceInstanceId: Type.Union([Type.Integer(), Type.Null()], { description: '保存该私有镜像的实例；系统镜像为 null' }),
  desktop: Type.Boolean({ description: '带远程桌面（TigerVNC 与 noVNC，在 /vnc 打开）' }),
  gmtCreate: DateTime,
});
export type ImageView = Static<typeof ImageView>;

export const ImagePageBody = Type.Intersect([
  PageQuery,
  Type.Object({ keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 40 })) }),
]);
export type ImagePageBody = Static<typeof ImagePageBody>;

export const RenameImageBody = Type.Object({ id: ImageId, name: ImageName });
export type RenameImageBody = Static<typeof RenameImageBody>;

export const ImageIdParams = Type.Object({ id: ImageId });
export type ImageIdParams = Static<typeof ImageIdParams>;

/** The user's image repository: private images and the space they use against the quota. */
export const ImageRepository = Type.Object({
  activated: Type.Boolean(),
  namespace: Type.String({ description: "未开通时为 ''" }),
  registry: Type.String({ description: "仓库地址；未开通时为 ''" }),
  imageCount: Type.Integer(),
  usedBytes: Type.Integer(),
  quotaBytes: Type.Integer(),
});
export type ImageRepository = Static<typeof ImageRepository>;

export const ActivateRepositoryBody = Type.Object({
  namespace: Type.String({
    title: '命名空间',
    minLength: 4,
    maxLength: 30,
    pattern: '^[a-z][a-z0-9-]*$',
    description: '以小写字母开头，可含小写字母、数字和-',
  }),
});
export type ActivateRepositoryBody = Static<typeof ActivateRepositoryBody>;
