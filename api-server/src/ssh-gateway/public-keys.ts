import { createHash, createPublicKey } from 'node:crypto';
import ssh2, { type ParsedKey } from 'ssh2';

// ssh2 is CommonJS: Node's ESM loader sees only some of its names, so they are read from the default export.
const { utils } = ssh2;

const acceptedTypes = new Set(['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'ssh-rsa']);
const minimumRsaBits = 2048;

/** A public key as it is saved: `<type> <base64>`, its SHA256 fingerprint and the comment it came with. */
export interface SavedPublicKey {
  type: string;
  publicKey: string;
  fingerprint: string;
  comment: string;
}

/** SHA256:… of the key's wire form, as `ssh-keygen -lf` prints it. */
export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** Reads a pasted OpenSSH public key line; the Chinese reason when it is not one we accept. */
export function readPublicKey(text: string): SavedPublicKey | { refusal: string } {
  const line = text.trim();
  if (/PRIVATE KEY/.test(line)) return { refusal: '这是私钥，请粘贴公钥（通常是 ~/.ssh/id_ed25519.pub 的内容），私钥不要交给任何人' };
  if (line.includes('\n')) return { refusal: '请只粘贴一行公钥' };
  const parsed = utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed)) return { refusal: '无法识别的公钥，请粘贴 ssh-keygen 生成的 .pub 文件内容' };
  const key = parsed as ParsedKey;
  if (key.isPrivateKey()) return { refusal: '这是私钥，请粘贴公钥（通常是 ~/.ssh/id_ed25519.pub 的内容），私钥不要交给任何人' };
  if (!acceptedTypes.has(key.type)) return { refusal: `不支持的公钥类型 ${key.type}，请使用 ed25519、ECDSA 或 2048 位以上的 RSA 公钥` };
  if (key.type === 'ssh-rsa' && rsaBits(key) < minimumRsaBits) return { refusal: 'RSA 公钥至少需要 2048 位' };
  const blob = key.getPublicSSH();
  return { type: key.type, publicKey: `${key.type} ${blob.toString('base64')}`, fingerprint: fingerprintOf(blob), comment: key.comment };
}

function rsaBits(key: ParsedKey): number {
  return createPublicKey(key.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
}

/** Whether `signature` over `blob` was made by the saved key (a login's proof of holding the private key). */
export function signedBy(savedKey: string, blob: Buffer, signature: Buffer, hashAlgo: string | undefined): boolean {
  const parsed = utils.parseKey(savedKey);
  if (parsed instanceof Error || Array.isArray(parsed)) return false;
  return (parsed as ParsedKey).verify(blob, signature, hashAlgo) === true;
}
