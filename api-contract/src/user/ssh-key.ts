import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

// The public keys a user saved at /account/ssh: each logs into every instance of theirs through the SSH gateway.
export const SshKeyName = Type.String({ title: '公钥名称', minLength: 1, maxLength: 40 });
export const SshPublicKeyText = Type.String({ title: '公钥', minLength: 1, maxLength: 16_384 });

export const SshKeyAddBody = Type.Object({ name: SshKeyName, publicKey: SshPublicKeyText });
export type SshKeyAddBody = Static<typeof SshKeyAddBody>;

export const SshKeyDelBody = Type.Object({ id: Id('公钥ID') });
export type SshKeyDelBody = Static<typeof SshKeyDelBody>;

export const SshKeyView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa, … */
  type: Type.String(),
  /** SHA256:…, as `ssh-keygen -lf` prints it. */
  fingerprint: Type.String(),
  createdAt: DateTime,
  lastUsedAt: NullableDateTime,
});
export type SshKeyView = Static<typeof SshKeyView>;

export const SshKeyList = Type.Object({ list: Type.Array(SshKeyView), max: Type.Integer({ description: '每个账号最多可保存的公钥数' }) });
export type SshKeyList = Static<typeof SshKeyList>;
