import { eq, inArray } from 'drizzle-orm';
import { type AppPort, type Executor, instanceApps } from '../../db/index.js';
import { jupyterPort } from '../instance-pages/jupyter-link.js';

export type InstanceApp = typeof instanceApps.$inferSelect;

/** The ports of the application the instance was deployed from, as its template had them then; none for a plain instance. */
export async function appPortsOf(db: Executor, instanceId: number): Promise<AppPort[]> {
  const [row] = await db.select({ ports: instanceApps.ports }).from(instanceApps).where(eq(instanceApps.instanceId, instanceId));
  return row?.ports ?? [];
}

/** The applications these instances were deployed from, by instance id. */
export async function appsOfInstances(db: Executor, instanceIds: number[]): Promise<Map<number, InstanceApp>> {
  if (instanceIds.length === 0) return new Map();
  const rows = await db.select().from(instanceApps).where(inArray(instanceApps.instanceId, instanceIds));
  return new Map(rows.map((row) => [row.instanceId, row]));
}

/**
 * What the instance's container runs the application with (suanli-init.sh): the template's variables, the start
 * command, and, when the application serves Jupyter's port itself, word that the built-in Jupyter stays off.
 */
export function appEnvironment(app: InstanceApp | undefined): Record<string, string> {
  if (!app?.startCommand) return {};
  return {
    ...Object.fromEntries(app.env.map(({ name, value }) => [name, value])),
    SUANLI_APP_COMMAND: app.startCommand,
    ...(app.ports.some((port) => port.port === jupyterPort) ? { SUANLI_APP_SERVES_JUPYTER: '1' } : {}),
  };
}

/** A clone runs the application its source was deployed with, as the source has it (not as the template now is). */
export async function copyAppSnapshot(db: Executor, o: { fromInstanceId: number; toInstanceId: number; now: Date }) {
  const [source] = await db.select().from(instanceApps).where(eq(instanceApps.instanceId, o.fromInstanceId));
  if (source) await db.insert(instanceApps).values({ ...source, instanceId: o.toInstanceId, createdAt: o.now });
}
