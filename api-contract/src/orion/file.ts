import { Type, type Static } from 'typebox';

/** `/apis/orion/auth/file/...` chunk, check and merge; the forms are in `./upload.js`. */
export const MergeFileResult = Type.Object({
  path: Type.String({ description: '文件在文件存储中的路径（含文件名）' }),
  size: Type.Integer({ description: '字节' }),
  md5: Type.String(),
});
export type MergeFileResult = Static<typeof MergeFileResult>;
