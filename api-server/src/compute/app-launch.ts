import { eq, sql } from 'drizzle-orm';
import { type Executor, ShelfStatus, appLaunches, appTemplates, applications, gpuModels, instanceApps } from '../db/index.js';
import { conflict, notFound } from '../errors.js';

/** What a rent order asks for, compared with the application's template. */
export interface OrderedMachine {
  regionCode: string;
  gpuModelId: number;
  gpuCount: number;
  imageId: number;
  dataDiskExtraGb: number;
}

/**
 * The published application an order launches, when the order is what its template says: the same
 * image, GPU model and count, its region when it names one, and at least its data disk.
 */
export async function launchableApp(db: Executor, appId: number, order: OrderedMachine) {
  const [row] = await db
    .select({ app: applications, template: appTemplates, gpuModelId: gpuModels.id })
    .from(applications)
    .innerJoin(appTemplates, eq(appTemplates.appId, applications.id))
    .innerJoin(gpuModels, eq(gpuModels.code, appTemplates.gpuModelCode))
    .where(eq(applications.id, appId));
  if (!row || row.app.status !== ShelfStatus.published) throw notFound('应用不存在或未上架');
  const { template } = row;
  const matches =
    template.imageId === order.imageId &&
    row.gpuModelId === order.gpuModelId &&
    template.gpuCount === order.gpuCount &&
    (!template.regionCode || template.regionCode === order.regionCode) &&
    order.dataDiskExtraGb >= template.dataDiskGb;
  if (!matches) throw conflict('所选配置与应用模板不一致，请从应用中心重新部署');
  return { app: row.app, template };
}

type LaunchedApp = Awaited<ReturnType<typeof launchableApp>>;

/**
 * The instance was created from the application: one launch record per instance, the count goes up by one, and the
 * instance keeps the template's start command, environment, ports and readiness check as they are now.
 */
export async function recordLaunch(db: Executor, o: { launched: LaunchedApp; userId: number; instanceId: number; now: Date }) {
  const { app, template } = o.launched;
  await db.insert(appLaunches).values({ appId: app.id, userId: o.userId, instanceId: o.instanceId, createdAt: o.now });
  await db.insert(instanceApps).values({
    instanceId: o.instanceId,
    appId: app.id,
    appName: app.name,
    startCommand: template.startCommand,
    env: template.env,
    ports: template.ports,
    readiness: template.readiness,
    createdAt: o.now,
  });
  await db
    .update(applications)
    .set({ launchCount: sql`${applications.launchCount} + 1` })
    .where(eq(applications.id, app.id));
}
