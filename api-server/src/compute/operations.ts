import { operations, type Operation } from '@rc/api-contract/user/compute';
import { Status, isPackage, statusNames, type Status as StatusCode } from './states.js';

export { operations, type Operation };

export const operationNames: Record<Operation, string> = {
  start: '开机',
  nonGpuStart: '无卡模式开机',
  queueStart: '排队等待GPU',
  cancelQueue: '取消排队',
  stop: '关机',
  scheduleStop: '定时关机',
  release: '释放',
  changeBilling: '转换计费',
  liftConfig: '升降配置',
  clone: '克隆实例',
  renew: '续费',
  storageAdjust: '数据盘扩容',
  reset: '重置系统',
  changeImage: '更换镜像',
  commit: '保存镜像',
  changeName: '修改名称',
  idleStop: '闲置自动关机',
};

export interface InstanceState {
  status: number;
  billingType: number;
  gpuHeld: number;
  /** Set while the instance waits in its node's queue for a GPU to start. */
  gpuWaitSince?: Date | null;
}

/** Operations that need the instance powered off, and those that need it running. */
const whenStopped: ReadonlySet<Operation> = new Set([
  'start',
  'nonGpuStart',
  'queueStart',
  'release',
  'liftConfig',
  'clone',
  'reset',
  'changeImage',
  'commit',
]);
/** The data disk grows while running where the driver can grow it online, else at the next start. */
const whenSteady: ReadonlySet<Operation> = new Set(['changeBilling', 'renew', 'idleStop', 'storageAdjust']);

function busyReason(status: number): string | null {
  switch (status) {
    case Status.creating:
      return '实例正在创建中，请稍候';
    case Status.starting:
      return '实例正在开机，请稍候';
    case Status.stopping:
      return '实例正在关机，请关机完成后再操作';
    case Status.releasing:
    case Status.released:
      return '实例已释放';
    case Status.resetting:
      return '实例正在重置系统，请稍候';
    case Status.committing:
      return '实例正在保存镜像，请稍候';
    default:
      return null;
  }
}

/** Why `operation` cannot run on the instance now, or null when it can. */
export function refusalReason(operation: Operation, instance: InstanceState): string | null {
  const { status, billingType } = instance;
  const pkg = isPackage(billingType);
  if (status === Status.failed) return operation === 'release' || operation === 'changeName' ? null : '实例创建失败，请释放后重新租用';
  const busy = busyReason(status);
  if (operation === 'changeName') return status === Status.released || status === Status.releasing ? '实例已释放' : null;
  if (busy) return busy;
  const queued = Boolean(instance.gpuWaitSince);
  if (operation === 'cancelQueue') return queued ? null : '实例未在排队等待GPU';
  // A queued instance starts on its own when a GPU frees: anything else would change what it waits for.
  if (queued && operation !== 'idleStop') return operation === 'queueStart' ? '实例已在排队等待GPU' : '实例正在排队等待GPU，请先取消排队';
  if (operation === 'stop') return status === Status.running ? null : '实例未在运行，无需关机';
  if (operation === 'scheduleStop') return status === Status.running ? null : '仅运行中的实例可设置定时关机';
  if (whenStopped.has(operation) && status !== Status.stopped) {
    return `${statusNames[status as StatusCode] ?? '当前状态'}的实例不能${operationNames[operation]}，请先关机`;
  }
  if (whenSteady.has(operation) && status !== Status.stopped && status !== Status.running)
    return `当前状态不能${operationNames[operation]}`;
  switch (operation) {
    case 'nonGpuStart':
    case 'queueStart':
      return pkg ? '包周期实例保留了GPU，请直接开机' : null;
    case 'release':
      return pkg ? '包周期实例未到期，不能释放；可先转为按量计费（剩余时长退回余额）后再释放' : null;
    case 'liftConfig':
      return pkg ? '包周期实例不能升降配置，请先转为按量计费' : null;
    case 'renew':
      return pkg ? null : '按量计费实例无需续费；如需包日/包周/包月，请使用转换计费';
    case 'changeBilling':
      return status === Status.running && instance.gpuHeld === 0 ? '无卡模式运行中不能转换计费，请先关机' : null;
    default:
      return null;
  }
}

/** Every operation with its name, whether it is allowed now and, if not, why: the console shows them all. */
export function operationStates(instance: InstanceState) {
  return Object.fromEntries(
    operations.map((operation) => {
      const reason = refusalReason(operation, instance);
      return [operation, { name: operationNames[operation], allowed: reason === null, reason: reason ?? '' }];
    }),
  ) as Record<Operation, { name: string; allowed: boolean; reason: string }>;
}
