import { randomBytes } from 'node:crypto';
import type { SharedState } from '../../shared-state/index.js';
import type { InstancePageAddress } from './instance-page-origin.js';

/** How long the portal's ticket opens the instance's page: the browser uses it at once. */
export const ticketLifetimeMs = 60_000;
/** How long the pass cookie that the ticket is exchanged for lets the browser in. */
export const passLifetimeMs = 12 * 60 * 60_000;

/** Who may enter which port of which instance. */
export interface PageGrant extends InstancePageAddress {
  /** Who holds it: the instance's owner, or the main account of an owner that shares its balance (`pagesOpenTo`). */
  userId: number;
  /** Set when the way in was a share link: it must still be open at each request. */
  shareId?: number;
}

const secretShape = /^[A-Za-z0-9_-]{43}$/;
const newSecret = () => randomBytes(32).toString('base64url');
const ticketKey = (ticket: string) => `instance-page-ticket:${ticket}`;
const passKey = (pass: string) => `instance-page-pass:${pass}`;

/**
 * Single-use tickets, each exchanged for a pass, in the replicas' shared state: a ticket issued by one replica
 * is spent on any, once. A grant says only who and where; whether it still holds is decided at each request.
 */
export async function issueTicket(shared: SharedState, grant: PageGrant): Promise<string> {
  const ticket = newSecret();
  await shared.cache.set(ticketKey(ticket), JSON.stringify(grant), ticketLifetimeMs);
  return ticket;
}

/** Spends the ticket for the pass of its grant; null when it is unknown, spent, expired or for another address. */
export async function exchangeTicket(shared: SharedState, ticket: string, address: InstancePageAddress) {
  const stored = secretShape.test(ticket) ? await shared.cache.take(ticketKey(ticket)) : undefined;
  const grant = stored ? (JSON.parse(stored) as PageGrant) : null;
  if (!grant || !sameAddress(grant, address)) return null;
  return { grant, pass: await issuePass(shared, grant) };
}

/** A pass (the cookie's value) for the grant. */
export async function issuePass(shared: SharedState, grant: PageGrant): Promise<string> {
  const pass = newSecret();
  await shared.cache.set(passKey(pass), JSON.stringify(grant), passLifetimeMs);
  return pass;
}

/** The grant the pass cookie stands for at this address; null when there is none. */
export async function grantOfPass(shared: SharedState, pass: string | undefined, address: InstancePageAddress) {
  const stored = pass && secretShape.test(pass) ? await shared.cache.get(passKey(pass)) : undefined;
  const grant = stored ? (JSON.parse(stored) as PageGrant) : null;
  return grant && sameAddress(grant, address) ? grant : null;
}

const sameAddress = (a: InstancePageAddress, b: InstancePageAddress) => a.instanceId === b.instanceId && a.port === b.port;
