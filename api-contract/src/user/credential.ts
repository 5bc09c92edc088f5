import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime } from '../values.js';

export const CredentialSide = Type.Union([Type.Literal('front'), Type.Literal('back')], {
  title: '证件面',
  description: 'front 人像面，back 国徽面',
});
export type CredentialSide = Static<typeof CredentialSide>;

const FileName = Type.String({ title: '图片名称', minLength: 1, maxLength: 255 });
const Md5 = Type.String({ title: '文件标识', pattern: '^[0-9a-fA-F]{32}$', minLength: 32, maxLength: 32 });

export const CredentialCheckBody = Type.Object({
  side: CredentialSide,
  fileName: FileName,
  totalSize: Type.Integer({ title: '图片大小', minimum: 0, maximum: 2_147_483_647 }),
  identifier: Md5,
});
export type CredentialCheckBody = Static<typeof CredentialCheckBody>;

export const CredentialCheckResult = Type.Object({ skipUpload: Type.Boolean(), uploaded: Type.Array(Type.Integer()) });
export type CredentialCheckResult = Static<typeof CredentialCheckResult>;

export const CredentialChunkResult = Type.Object({ chunkNumber: Type.Integer() });
export type CredentialChunkResult = Static<typeof CredentialChunkResult>;

export const CredentialSaveBody = Type.Object({ side: CredentialSide, fileName: FileName, identifier: Md5 });
export type CredentialSaveBody = Static<typeof CredentialSaveBody>;

export const CredentialImageBody = Type.Object({ id: Id('图片编号') });
export type CredentialImageBody = Static<typeof CredentialImageBody>;

export const CredentialImage = Type.Object({
  id: Type.Integer(),
  side: CredentialSide,
  sideName: Type.String({ description: '人像面 / 国徽面' }),
  fileName: Type.String(),
  contentType: Type.String({ description: 'image/jpeg 或 image/png（按文件内容判断）' }),
  size: Type.Integer({ description: '字节' }),
  gmtModified: DateTime,
});
export type CredentialImage = Static<typeof CredentialImage>;

export const CredentialImageList = Type.Object({ list: Type.Array(CredentialImage) });
export type CredentialImageList = Static<typeof CredentialImageList>;

/** The image's bytes; a refusal answers the envelope. */
export const CredentialImageBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: '图片字节' });
