import { count, desc, eq } from 'drizzle-orm';
import { type Executor, appLaunches, appTemplates, applications, instances } from '../db/index.js';

/** The user's instances launched from applications, with each application's ports and start command, newest first. */
export async function launchesOf(db: Executor, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({
      id: appLaunches.id,
      appId: appLaunches.appId,
      appName: applications.name,
      instanceId: instances.id,
      instanceName: instances.name,
      instanceStatus: instances.status,
      sshHost: instances.sshHost,
      ports: appTemplates.ports,
      startCommand: appTemplates.startCommand,
      createdAt: appLaunches.createdAt,
    })
    .from(appLaunches)
    .innerJoin(applications, eq(applications.id, appLaunches.appId))
    .innerJoin(instances, eq(instances.id, appLaunches.instanceId))
    .leftJoin(appTemplates, eq(appTemplates.appId, appLaunches.appId))
    .where(eq(appLaunches.userId, userId))
    .orderBy(desc(appLaunches.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(appLaunches).where(eq(appLaunches.userId, userId));
  const list = rows.map((row) => ({ ...row, ports: row.ports ?? [], startCommand: row.startCommand ?? '' }));
  return { list, total: total?.n ?? 0 };
}
