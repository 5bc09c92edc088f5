import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

// API keys (「API 密钥」 at /account/apiKey): `Authorization: Bearer sl-…` on `/auth/` calls within the key's scopes.

/** read 只读, instance 实例, storage 存储, billing 费用. */
export const ApiKeyScope = Type.Union([Type.Literal('read'), Type.Literal('instance'), Type.Literal('storage'), Type.Literal('billing')], {
  title: '权限范围',
});
export type ApiKeyScope = Static<typeof ApiKeyScope>;

/** 30 天, 90 天, 1 年, 永不. */
export const ApiKeyExpiry = Type.Union([Type.Literal('30d'), Type.Literal('90d'), Type.Literal('1y'), Type.Literal('never')], {
  title: '有效期',
});
export type ApiKeyExpiry = Static<typeof ApiKeyExpiry>;

export const ApiKeyCreateBody = Type.Object({
  name: Type.String({ title: '密钥名称', minLength: 1, maxLength: 40 }),
  scopes: Type.Array(ApiKeyScope, { title: '权限范围', minItems: 1, maxItems: 4, uniqueItems: true }),
  expiry: ApiKeyExpiry,
});
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

export const ApiKeyRevokeBody = Type.Object({ id: Id('密钥ID') });
export type ApiKeyRevokeBody = Static<typeof ApiKeyRevokeBody>;

export const ApiKeyState = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')], {
  description: 'active 有效, expired 已过期, revoked 已吊销',
});
export type ApiKeyState = Static<typeof ApiKeyState>;

export const ApiKeyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scopes: Type.Array(ApiKeyScope),
  /** The key's last 4 characters: all that is shown of it after it is created. */
  lastFour: Type.String(),
  createdAt: DateTime,
  /** null: never expires. */
  expiresAt: NullableDateTime,
  lastUsedAt: NullableDateTime,
  lastUsedIp: Type.Union([Type.String(), Type.Null()]),
  revokedAt: NullableDateTime,
  state: ApiKeyState,
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const ApiKeyList = Type.Object({
  list: Type.Array(ApiKeyView),
  max: Type.Integer({ description: '每个账号最多可同时有效的密钥数' }),
});
export type ApiKeyList = Static<typeof ApiKeyList>;

/** The one answer that holds the whole key: it is never shown again. */
export const ApiKeyCreated = Type.Object({ key: Type.String({ description: 'sl- 加 43 个 base64url 字符' }), view: ApiKeyView });
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

/** Who a call acts as: any key may ask (the CLI's `login --key` checks a key with it); `key` is null for a session. */
export const ApiKeyWhoami = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  /** The main account, when the caller is a sub-account. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  key: Type.Union([ApiKeyView, Type.Null()]),
});
export type ApiKeyWhoami = Static<typeof ApiKeyWhoami>;
