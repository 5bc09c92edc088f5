import { eq } from 'drizzle-orm';
import { appLaunches, appTemplates, type Executor } from '../../db/index.js';

/**
 * The HTTP ports of the application template the instance was deployed from (none for an instance rented bare), read
 * through its launch record.
 */
export async function appTemplatePorts(db: Executor, instanceId: number): Promise<{ name: string; port: number }[]> {
  const [row] = await db
    .select({ ports: appTemplates.ports })
    .from(appLaunches)
    .innerJoin(appTemplates, eq(appTemplates.appId, appLaunches.appId))
    .where(eq(appLaunches.instanceId, instanceId));
  return (row?.ports ?? []).filter((port) => port.protocol === 'http').map(({ name, port }) => ({ name, port }));
}
