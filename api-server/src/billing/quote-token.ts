import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { conflict } from '../errors.js';

/** What a quote promises: this user may run this operation with these parameters for this amount until `expiresAt`. */
export interface QuoteClaims {
  userId: number;
  operation: string;
  params: Record<string, string | number | null>;
  amount: number;
  /** When the amount was priced (ms); the confirmation is priced at the same instant. */
  quotedAt: number;
  expiresAt: number;
  /** The voucher (代金券) the quote takes off its amount; 0 for none. */
  voucherId: number;
  /** Makes every quote its own, two asked for the same thing at the same instant included. */
  nonce: string;
}

/** A genuine quote's claims and its id (its signature, which no other quote has). */
export type AcceptedQuote = QuoteClaims & { quoteId: string };

export const staleQuoteMessage = '价格或余额已变化，请重新确认';
export const expiredQuoteMessage = '报价已过期，请重新确认';

/** Parameters in a fixed key order, so the same request always signs the same text. */
function canonical(claims: QuoteClaims) {
  const params = Object.fromEntries(Object.entries(claims.params).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify([
    claims.userId,
    claims.operation,
    params,
    claims.amount,
    claims.quotedAt,
    claims.expiresAt,
    claims.voucherId,
    claims.nonce,
  ]);
}

const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest();

/** `<claims as base64url JSON>.<HMAC-SHA256 of their canonical form>`, the claims given a nonce of their own. */
export function signQuote(secret: Buffer, given: Omit<QuoteClaims, 'nonce'>): string {
  const claims = { ...given, nonce: randomBytes(12).toString('base64url') };
  const body = Buffer.from(canonical(claims), 'utf8').toString('base64url');
  return `${body}.${mac(secret, canonical(claims)).toString('base64url')}`;
}

function readQuote(secret: Buffer, token: string): AcceptedQuote | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  let text: string;
  let fields: unknown;
  try {
    text = Buffer.from(body, 'base64url').toString('utf8');
    fields = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 8) return null;
  const [userId, operation, params, amount, quotedAt, expiresAt, voucherId, nonce] = fields as [
    number,
    string,
    QuoteClaims['params'],
    number,
    number,
    number,
    number,
    string,
  ];
  const numbers = [userId, amount, quotedAt, expiresAt, voucherId].every((n) => Number.isSafeInteger(n));
  const texts = typeof operation === 'string' && typeof nonce === 'string';
  if (!numbers || !texts || typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const claims = { userId, operation, params, amount, quotedAt, expiresAt, voucherId, nonce };
  const expected = mac(secret, text);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || canonical(claims) !== text) return null;
  // The id is the MAC computed here: the signature as given may be spelt several ways that decode to it.
  return { ...claims, quoteId: expected.toString('base64url') };
}

/**
 * The claims of a genuine, unexpired quote given to `userId` for `operation` with exactly `params`;
 * anything else is refused with a message that asks the user to look at the price again.
 */
export function acceptedQuote(
  secret: Buffer,
  token: string,
  expected: { userId: number; operation: string; params: QuoteClaims['params']; now: Date },
): AcceptedQuote {
  const claims = readQuote(secret, token);
  const sameParams = (a: QuoteClaims['params'], b: QuoteClaims['params']) =>
    canonical({ ...claims!, params: a }) === canonical({ ...claims!, params: b });
  if (
    !claims ||
    claims.userId !== expected.userId ||
    claims.operation !== expected.operation ||
    !sameParams(claims.params, expected.params)
  )
    throw conflict(staleQuoteMessage);
  if (claims.expiresAt <= expected.now.getTime() || claims.quotedAt > expected.now.getTime()) throw conflict(expiredQuoteMessage);
  return claims;
}

/** The amount confirmed must be the amount priced again now (at the quote's instant); otherwise the quote went stale. */
export function requireQuotedAmount(claims: QuoteClaims, amount: number) {
  if (claims.amount !== amount) throw conflict(staleQuoteMessage);
}
