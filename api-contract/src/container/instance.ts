import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';
import { ImageId, ImageName } from '../image/image.js';
import { InstanceId, InstanceName } from '../user/compute.js';

/** `/apis/container/...`: the instance list and statistics, and operations on the container itself (answering `InstanceView`). */
export const InstanceListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    id: Type.Optional(InstanceId),
    status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 9 })),
    keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 40 })),
  }),
]);
export type InstanceListBody = Static<typeof InstanceListBody>;

/** Counts of the user's instances (released ones left out). */
export const InstanceStatistics = Type.Object({
  totalContainer: Type.Integer(),
  running: Type.Integer(),
  stopped: Type.Integer(),
  busy: Type.Integer({ description: '正在创建、开关机、释放、重置或保存镜像的实例数' }),
  failed: Type.Integer(),
  byStatus: Type.Record(Type.String(), Type.Integer(), { description: '按 OpsInstanceEnum 状态码计数' }),
});
export type InstanceStatistics = Static<typeof InstanceStatistics>;

export const ChangeImageBody = Type.Object({ id: InstanceId, imageId: ImageId });
export type ChangeImageBody = Static<typeof ChangeImageBody>;

export const CommitImageBody = Type.Object({ id: InstanceId, imageName: ImageName });
export type CommitImageBody = Static<typeof CommitImageBody>;

export const ChangeNameBody = Type.Object({ id: InstanceId, name: InstanceName });
export type ChangeNameBody = Static<typeof ChangeNameBody>;
