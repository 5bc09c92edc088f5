import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppLogView } from '@rc/api-contract/user/instance-app';
import { instanceApps, instances } from '../../db/index.js';
import { conflict, notFound } from '../../errors.js';
import { Status } from '../states.js';
import { runInInstance } from './instance-shell.js';
import { appLogPath } from './supervisor-record.js';

const shownLines = 200;
/** The supervisor keeps the log under about this size (suanli-init.sh). */
const downloadBytes = 6 * 1024 * 1024;

/** The user's own running instance deployed from an application with a start command. */
async function runningAppInstance(app: FastifyInstance, userId: number, id: number) {
  const [row] = await app.db
    .select({ instance: instances, service: instanceApps })
    .from(instances)
    .leftJoin(instanceApps, eq(instanceApps.instanceId, instances.id))
    .where(and(eq(instances.id, id), eq(instances.userId, userId), ne(instances.status, Status.released)));
  if (!row) throw notFound('实例不存在');
  if (!row.service?.startCommand) throw conflict('该实例不是从带启动命令的应用部署的，没有应用日志');
  if (row.instance.status !== Status.running) throw conflict('实例未运行，开机后可查看应用日志');
  return row.instance;
}

/** The last lines of the application's log in the user's running instance. */
export async function appServiceLog(app: FastifyInstance, userId: number, id: number): Promise<AppLogView> {
  const instance = await runningAppInstance(app, userId, id);
  const script = `wc -l < ${appLogPath} 2>/dev/null || echo 0; tail -n ${shownLines} ${appLogPath} 2>/dev/null`;
  const [count = '0', ...lines] = (await runInInstance(app.compute.driver, instance, script)).stdout.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { lines, truncated: Number(count) > shownLines };
}

/** The application's whole log (its last 6 MB at most) as a file named after the instance. */
export async function appServiceLogFile(app: FastifyInstance, userId: number, id: number) {
  const instance = await runningAppInstance(app, userId, id);
  const { stdout } = await runInInstance(app.compute.driver, instance, `tail -c ${downloadBytes} ${appLogPath} 2>/dev/null`);
  return { fileName: `应用日志-${instance.name}.log`, bytes: stdout };
}
