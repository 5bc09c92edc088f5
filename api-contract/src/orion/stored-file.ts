import { Type, type Static } from 'typebox';

export const FilePathBody = Type.Object({ path: Type.String({ title: '文件路径', minLength: 1, maxLength: 1024 }) });
export type FilePathBody = Static<typeof FilePathBody>;

/** What a removal gave back: files removed and their bytes. */
export const RemoveResult = Type.Object({ files: Type.Integer({ minimum: 1 }), bytes: Type.Integer({ minimum: 0 }) });
export type RemoveResult = Static<typeof RemoveResult>;
