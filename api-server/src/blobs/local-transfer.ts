import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the server takes and answers the transfers it signs for the local store (the cloud-net-disk module serves it). */
export const localTransferPath = '/apis/cloud-net-disk/api/blob';

/** What one signed URL allows, until `expires` (ms since epoch). */
export type TransferGrant =
  | { op: 'put'; key: string; size: number; expires: number }
  | { op: 'part'; key: string; uploadId: string; partNumber: number; expires: number }
  | { op: 'get'; key: string; fileName: string; expires: number };

export type GrantCheck = { grant: TransferGrant } | { problem: 'bad-signature' | 'expired' };

/** Signs and checks the transfer URLs the server serves itself: the grant travels in the URL, an HMAC beside it. */
export class TransferSigner {
  constructor(private readonly secret: Buffer) {}

  private signature(grant: string): string {
    return createHmac('sha256', this.secret).update(`blob-transfer:${grant}`).digest('base64url');
  }

  url(grant: TransferGrant): string {
    const encoded = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${localTransferPath}?${new URLSearchParams({ grant: encoded, signature: this.signature(encoded) })}`;
  }

  check(encoded: string, signature: string, now: Date): GrantCheck {
    const expected = Buffer.from(this.signature(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'bad-signature' };
    const grant = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TransferGrant;
    return grant.expires < now.getTime() ? { problem: 'expired' } : { grant };
  }
}
