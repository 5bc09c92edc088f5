import type { FastifyInstance } from 'fastify';
import type { InstanceAppView } from '@rc/api-contract/user/instance-app';
import type { instances } from '../../db/index.js';
import { Status } from '../states.js';
import type { InstanceApp } from './app-snapshot.js';
import { runInInstance } from './instance-shell.js';
import { answers } from './readiness-probe.js';
import { appLogPath, appRecordPath, parseRecord, serviceState, type SupervisorRecord } from './supervisor-record.js';

type Instance = typeof instances.$inferSelect;

const stateNames: Record<InstanceAppView['state'], string> = { starting: '启动中', running: '运行中', failed: '启动失败', idle: '未运行' };
const logTailLines = 12;
const logMark = '@@suanli-log@@';

/** Why a pool runs no start commands, by driver; a driver not named here runs them (Podman, Kubernetes). */
const notRunHere: Record<string, string> = {
  simulated: '模拟资源池中的实例没有真实容器，应用的启动命令不会运行',
};

/** The supervisor's record and the log's last lines, read inside the instance. */
async function readSupervisor(app: FastifyInstance, instance: Instance) {
  const script = `cat ${appRecordPath} 2>/dev/null; echo; echo '${logMark}'; tail -n ${logTailLines} ${appLogPath} 2>/dev/null`;
  const { stdout } = await runInInstance(app.compute.driver, instance, script);
  const [record = '', log = ''] = stdout.toString('utf8').split(`${logMark}\n`);
  return { record: parseRecord(record), logTail: log.split('\n').filter((line) => line !== '') };
}

async function isReady(app: FastifyInstance, instance: Instance, service: InstanceApp, record: SupervisorRecord | null) {
  if (record?.state !== 'running') return false;
  const check = service.readiness;
  if (!check) return true;
  const port = service.ports.find((candidate) => candidate.port === check.port);
  const target = await app.compute.driver.httpTarget(instance, check.port);
  return target !== null && (await answers(target, check, port?.protocol ?? 'http'));
}

/** Where the service is now (see serviceState), asked of the running instance's container. */
async function liveState(app: FastifyInstance, instance: Instance, service: InstanceApp) {
  try {
    const { record, logTail } = await readSupervisor(app, instance);
    const state = serviceState(record, await isReady(app, instance, service, record));
    return { ...state, restarts: record?.restarts ?? 0, logTail: state.state === 'failed' ? logTail : [] };
  } catch (error) {
    app.log.warn({ err: error, instanceId: instance.id }, 'reading the application service failed');
    return { state: 'starting' as const, reason: '', restarts: 0, logTail: [] };
  }
}

async function serviceView(app: FastifyInstance, instance: Instance, service: InstanceApp, webPages: boolean): Promise<InstanceAppView> {
  const running = instance.status === Status.running && instance.nextStatus === null;
  const httpPort = service.ports.find((port) => port.protocol === 'http')?.port ?? null;
  const view = (state: InstanceAppView['state'], reason: string, more: Partial<InstanceAppView> = {}): InstanceAppView => ({
    appId: service.appId,
    appName: service.appName,
    state,
    stateName: stateNames[state],
    reason,
    restarts: 0,
    logTail: [],
    openPort: webPages && running ? httpPort : null,
    ...more,
  });
  if (!service.startCommand) return view('idle', '该应用没有启动命令');
  const unsupported = notRunHere[app.compute.driver.name];
  if (unsupported) return view('idle', unsupported);
  if (instance.nextStatus === Status.running) return view('starting', '');
  if (!running) return view('idle', '实例开机后自动启动');
  const { state, reason, restarts, logTail } = await liveState(app, instance, service);
  return view(state, reason, { restarts, logTail });
}

/** The application services of these instances (those deployed from an application), by instance id. */
export async function appServiceViews(
  app: FastifyInstance,
  rows: { instance: Instance; service: InstanceApp }[],
): Promise<Map<number, InstanceAppView>> {
  // Pages open on every driver but the simulated pool, and on that one with a stand-in (as the instance view says).
  const webPages = app.compute.driver.name !== 'simulated' || app.config.compute.simulatedWebTarget !== undefined;
  const views = await Promise.all(rows.map(({ instance, service }) => serviceView(app, instance, service, webPages)));
  return new Map(views.map((view, index) => [rows[index]!.instance.id, view]));
}
