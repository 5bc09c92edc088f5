import { createHmac, timingSafeEqual } from 'node:crypto';

function signature(secret: Buffer, uploadId: string, partNumber: number, expires: number): string {
  return createHmac('sha256', secret).update(`${uploadId}:${partNumber}:${expires}`).digest('base64url');
}

/** The URL a browser PUTs one chunk to, valid until `expires` (ms since epoch). */
export function presignedPartUrl(secret: Buffer, uploadId: string, partNumber: number, expires: number): string {
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, uploadId, partNumber, expires) });
  return `/apis/cloud-net-disk/api/upload/part/${uploadId}/${partNumber}?${query}`;
}

export function verifyPartSignature(secret: Buffer, uploadId: string, partNumber: number, expires: number, given: string): boolean {
  const expected = Buffer.from(signature(secret, uploadId, partNumber, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
