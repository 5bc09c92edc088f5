import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../../db/index.js';
import { conflict, notFound } from '../../errors.js';
import type { InstanceRow } from '../instance-state.js';
import { Status } from '../states.js';
import { terminalsPerUser } from './open-terminals.js';
import { ticketLifetimeMs } from './terminal-tickets.js';

export const tooManyTerminals = `最多同时打开 ${terminalsPerUser} 个终端，请先关闭其他终端`;
export const ticketRefused = '终端连接已失效，请重新连接';

/** The user's own instance, running: another user's answers 「实例不存在」 like every instance call. */
async function runningInstanceOf(app: FastifyInstance, userId: number, id: number): Promise<InstanceRow> {
  const [instance] = await app.db
    .select()
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.userId, userId)));
  if (!instance || instance.status === Status.released) throw notFound('实例不存在');
  if (instance.status !== Status.running) throw conflict('实例未运行，请先开机');
  return instance;
}

/** A one-time ticket that opens a terminal into the user's running instance. */
export async function issueTerminalTicket(app: FastifyInstance, userId: number, id: number) {
  await runningInstanceOf(app, userId, id);
  if (app.terminals.open.count(userId) >= terminalsPerUser) throw conflict(tooManyTerminals);
  return { ticket: app.terminals.tickets.issue({ userId, instanceId: id }), expiresInSeconds: ticketLifetimeMs / 1000 };
}

/** Spends the ticket: its holder and their instance, checked again (it may have stopped since the ticket was issued). */
export async function redeemTerminalTicket(app: FastifyInstance, ticket: string) {
  const holder = app.terminals.tickets.consume(ticket);
  if (!holder) throw conflict(ticketRefused);
  return { userId: holder.userId, instance: await runningInstanceOf(app, holder.userId, holder.instanceId) };
}
