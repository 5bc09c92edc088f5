import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

/** A file tree of the user: 'netdisk:<regionCode>' (网盘) or 'cluster:<id>' (文件存储). */
export const TreeKey = Type.String({
  title: '存储位置',
  minLength: 1,
  maxLength: 80,
  description: "'netdisk:<地区编码>' 或 'cluster:<集群ID>'",
});
export const TreePath = Type.String({ title: '路径', maxLength: 1024, description: "相对路径，'' 为根目录" });

export const TaskCreateBody = Type.Object({
  kind: Type.Union([Type.Literal('copy'), Type.Literal('move')], { title: '任务类型' }),
  sourceTree: TreeKey,
  paths: Type.Array(Type.String({ title: '路径', minLength: 1, maxLength: 1024 }), {
    title: '要复制或移动的文件',
    minItems: 1,
    maxItems: 500,
  }),
  targetTree: TreeKey,
  targetFolder: TreePath,
});
export type TaskCreateBody = Static<typeof TaskCreateBody>;

export const TaskIdBody = Type.Object({ id: Id('任务ID') });
export type TaskIdBody = Static<typeof TaskIdBody>;

export const TaskListBody = PageQuery;
export type TaskListBody = Static<typeof TaskListBody>;

export const TaskFailure = Type.Object({
  path: Type.String({ description: '出错的文件' }),
  reason: Type.String({ description: '原因' }),
});
export type TaskFailure = Static<typeof TaskFailure>;

export const TaskStatus = Type.Union(['queued', 'running', 'done', 'failed', 'cancelled'].map((status) => Type.Literal(status)));

/** A long file operation run in the background. */
export const StorageTaskView = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'copy 复制 / move 移动 / dataset 生成数据集' }),
  kindName: Type.String(),
  status: Type.String({ description: 'queued / running / done / failed / cancelled' }),
  statusName: Type.String({ description: '排队中 / 进行中 / 已完成 / 失败 / 已取消' }),
  title: Type.String(),
  totalBytes: Type.Integer(),
  doneBytes: Type.Integer(),
  totalItems: Type.Integer({ description: '文件数（文件夹按其中的文件计）' }),
  doneItems: Type.Integer({ description: '已处理的文件数（含失败的）' }),
  failures: Type.Array(TaskFailure),
  cancelRequested: Type.Boolean(),
  gmtCreate: DateTime,
  startedAt: NullableDateTime,
  finishedAt: NullableDateTime,
});
export type StorageTaskView = Static<typeof StorageTaskView>;
