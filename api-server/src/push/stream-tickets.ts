import type { FastifyInstance } from 'fastify';
import { authenticateSession, type SessionUser } from '../accounts/index.js';
import { unauthenticated } from '../errors.js';
import { newSessionToken, sha256 } from '../lib/index.js';

/** Long enough to open the stream it was asked for, on a slow network. */
const ticketTtlMs = 60_000;
const ticketShape = /^[A-Za-z0-9_-]{43}$/;
/** Kept by its hash in the shared state, which every replica reads: a ticket issued by one opens a stream on another. */
const ticketKey = (ticket: string) => `stream-ticket:${sha256(ticket)}`;

/**
 * A stand-in for the session in the event stream's URL (EventSource cannot send the token header, and a URL reaches
 * proxies' access logs): random, single-use and short-lived, so a logged one is worth nothing.
 */
export async function issueStreamTicket(app: FastifyInstance, user: SessionUser): Promise<{ ticket: string; expiresInSeconds: number }> {
  const ticket = newSessionToken();
  await app.shared.cache.set(ticketKey(ticket), String(user.sessionId), ticketTtlMs);
  return { ticket, expiresInSeconds: ticketTtlMs / 1000 };
}

/** The session a ticket stands for, checked as its token would be; the ticket is spent whatever the outcome. */
export async function redeemStreamTicket(app: FastifyInstance, ticket: unknown): Promise<SessionUser> {
  if (typeof ticket !== 'string' || !ticketShape.test(ticket)) throw unauthenticated();
  const sessionId = await app.shared.cache.take(ticketKey(ticket));
  if (sessionId === undefined) throw unauthenticated();
  return authenticateSession(app, Number(sessionId));
}
