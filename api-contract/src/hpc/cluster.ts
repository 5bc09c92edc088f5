import { Type, type Static } from 'typebox';
import { Id } from '../common.js';

/** A cluster the user reaches, with what they keep there. */
export const ClusterItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.String({ description: "'local'（本机文件夹）或 'sftp'" }),
  isDefault: Type.Boolean({ description: '文件存储页面默认打开的集群' }),
  usedBytes: Type.Integer({ description: '已用字节（含回收站）；集群无法连接时为0' }),
  usedFiles: Type.Integer({ description: '已用文件数（含回收站）' }),
  quotaBytes: Type.Integer(),
  quotaFiles: Type.Integer(),
  reachable: Type.Boolean({ description: '为假时集群暂时无法连接，用量未知' }),
});
export type ClusterItem = Static<typeof ClusterItem>;

export const UpdateDefaultClusterBody = Type.Object({ clusterId: Id('集群') });
export type UpdateDefaultClusterBody = Static<typeof UpdateDefaultClusterBody>;
