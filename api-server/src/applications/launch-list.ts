import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appLaunches, applications, instanceApps, instances } from '../db/index.js';
import { appServiceViews } from '../compute/index.js';

/**
 * The user's instances launched from applications, newest first, with the ports and start command each was
 * deployed with and the state of its service.
 */
export async function launchesOf(app: FastifyInstance, userId: number, limit: number, offset: number) {
  const rows = await app.db
    .select({ launch: appLaunches, appName: applications.name, instance: instances, service: instanceApps })
    .from(appLaunches)
    .innerJoin(applications, eq(applications.id, appLaunches.appId))
    .innerJoin(instances, eq(instances.id, appLaunches.instanceId))
    .leftJoin(instanceApps, eq(instanceApps.instanceId, appLaunches.instanceId))
    .where(eq(appLaunches.userId, userId))
    .orderBy(desc(appLaunches.id))
    .limit(limit)
    .offset(offset);
  const services = await appServiceViews(
    app,
    rows.flatMap(({ instance, service }) => (service ? [{ instance, service }] : [])),
  );
  const [total] = await app.db.select({ n: count() }).from(appLaunches).where(eq(appLaunches.userId, userId));
  const list = rows.map(({ launch, appName, instance, service }) => ({
    id: launch.id,
    appId: launch.appId,
    appName,
    instanceId: instance.id,
    instanceName: instance.name,
    instanceStatus: instance.status,
    sshHost: instance.sshHost,
    ports: service?.ports ?? [],
    startCommand: service?.startCommand ?? '',
    service: services.get(instance.id) ?? null,
    createdAt: launch.createdAt,
  }));
  return { list, total: total?.n ?? 0 };
}
