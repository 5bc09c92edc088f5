import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances } from '../db/index.js';
import { DriverRefusal, type ExecOptions, Status, statusNames } from '../compute/index.js';
import { SessionRefusal } from './session-bridge.js';

/** Why a logged-in user cannot have a session in this instance now, or null when it runs. */
export function notRunningReason(instance: { name: string; status: number; nextStatus: number | null }): string | null {
  if (instance.status === Status.running && instance.nextStatus === null) return null;
  if (instance.status === Status.released || instance.status === Status.releasing) return '实例已释放';
  const state = statusNames[instance.status as Status] ?? '不可用';
  const advice = instance.status === Status.stopped ? '请在控制台开机后再登录' : '请稍后再试';
  return `实例「${instance.name}」未运行（${state}），${advice}`;
}

/** Opens a process in the instance through the compute driver, as the instance is at this moment (it may have stopped since the login). */
export async function openInstanceProcess(app: FastifyInstance, instanceId: number, options: ExecOptions) {
  const [instance] = await app.db.select().from(instances).where(eq(instances.id, instanceId));
  if (!instance) throw new SessionRefusal('实例不存在');
  const reason = notRunningReason(instance);
  if (reason) throw new SessionRefusal(reason);
  try {
    return await app.compute.driver.exec(instance, options);
  } catch (error) {
    if (error instanceof DriverRefusal) throw new SessionRefusal(error.message);
    throw error;
  }
}
