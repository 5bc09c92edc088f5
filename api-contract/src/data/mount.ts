import { Type, type Static } from 'typebox';
import { Id } from '../common.js';

export const MountListBody = Type.Object({ instanceId: Id('实例ID') });
export type MountListBody = Static<typeof MountListBody>;

/** A folder an instance mounts. */
export const InstanceMountView = Type.Object({
  path: Type.String({ description: '实例中的路径：/root/netdisk 或 /root/public-data/<名称>' }),
  kind: Type.String({ description: 'netdisk 网盘 / dataset 数据集' }),
  sourceId: Type.Integer({ description: '网盘ID或数据集ID' }),
  name: Type.String({ description: '网盘（地区）或数据集标题' }),
  readOnly: Type.Boolean(),
});
export type InstanceMountView = Static<typeof InstanceMountView>;
