import { Type, type Static } from 'typebox';

export const FilePathBody = Type.Object({ path: Type.String({ title: '文件路径', minLength: 1, maxLength: 1024 }) });
export type FilePathBody = Static<typeof FilePathBody>;

/** What a removal gave back: files removed and their bytes. */
export const RemoveResult = Type.Object({ files: Type.Integer({ minimum: 1 }), bytes: Type.Integer({ minimum: 0 }) });
export type RemoveResult = Static<typeof RemoveResult>;

/** The download form: a file or a folder (answered as one zip), of the default cluster unless `clusterId` names another. */
export const DownloadBody = Type.Object({
  path: Type.String({ title: '文件路径', minLength: 1, maxLength: 1024 }),
  clusterId: Type.Optional(Type.String({ title: '集群', pattern: '^[1-9]\\d{0,8}$' })),
});
export type DownloadBody = Static<typeof DownloadBody>;
