import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';

/** How long a ticket opens a terminal: the page asks for one just before it connects. */
export const ticketLifetimeMs = 30_000;

export interface TicketHolder {
  userId: number;
  instanceId: number;
}

/**
 * One-time tickets that open a web terminal. A browser cannot send the session header on a WebSocket,
 * and the long-lived session token must not travel in a URL (logs, history), so the page trades it for
 * a ticket that works once, for one instance, for 30 seconds. Kept in memory: a restart only costs a reconnect.
 */
export class TerminalTickets {
  private readonly open = new Map<string, TicketHolder & { expiresAt: number }>();
  constructor(private readonly clock: Clock) {}

  issue(holder: TicketHolder): string {
    const now = this.clock.now().getTime();
    for (const [ticket, { expiresAt }] of this.open) if (expiresAt <= now) this.open.delete(ticket);
    const ticket = randomBytes(24).toString('base64url');
    this.open.set(ticket, { ...holder, expiresAt: now + ticketLifetimeMs });
    return ticket;
  }

  /** Who the ticket was issued to, once; null when it is unknown, used or expired. */
  consume(ticket: string): TicketHolder | null {
    const found = this.open.get(ticket);
    this.open.delete(ticket);
    if (!found || found.expiresAt <= this.clock.now().getTime()) return null;
    return { userId: found.userId, instanceId: found.instanceId };
  }
}
