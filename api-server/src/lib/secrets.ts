import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit session token for the client; only its hash is stored. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += referralAlphabet[randomInt(0, referralAlphabet.length)];
  return code;
}
