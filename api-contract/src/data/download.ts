import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';
import { DateTime } from '../values.js';

export const DownloadListBody = PageQuery;
export type DownloadListBody = Static<typeof DownloadListBody>;

/** A download the user made, and whether the file is still there to download again. */
export const DownloadRecordView = Type.Object({
  id: Type.Integer(),
  tree: Type.String({ description: "'netdisk:<地区编码>' 或 'cluster:<集群ID>'" }),
  treeLabel: Type.String(),
  path: Type.String(),
  name: Type.String(),
  isDir: Type.Boolean(),
  bytes: Type.Integer(),
  exists: Type.Boolean({ description: '文件或文件夹仍在原位置' }),
  gmtCreate: DateTime,
});
export type DownloadRecordView = Static<typeof DownloadRecordView>;
