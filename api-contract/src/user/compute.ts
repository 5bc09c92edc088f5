import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { InstanceAppView } from './instance-app.js';

// Fields of the renting and instance calls (order, instance, data-disk).
export const InstanceId = Id('实例ID');
export const GpuCount = Type.Integer({ title: 'GPU数量', minimum: 1, maximum: 8 });
export const BillingType = Type.Integer({ title: '计费方式', minimum: 1, maximum: 4 });
export const Duration = Type.Integer({ title: '购买时长', minimum: 1, maximum: 12 });
export const DataDiskExtraGb = Type.Integer({ title: '数据盘扩容(GB)', minimum: 0, maximum: 2000 });
export const InstanceName = Type.String({ title: '实例名称', minLength: 1, maxLength: 40 });
export const RegionCode = Type.String({ title: '地区编码', minLength: 1, maxLength: 32, pattern: '^[a-z0-9-]+$' });
export const ByInstance = Type.Object({ id: InstanceId });
export type ByInstance = Static<typeof ByInstance>;

/** What can be done to an instance; each answer says for every one whether it is allowed now and why not. */
export const operations = [
  'start',
  'nonGpuStart',
  'queueStart',
  'cancelQueue',
  'stop',
  'scheduleStop',
  'release',
  'changeBilling',
  'liftConfig',
  'clone',
  'renew',
  'storageAdjust',
  'reset',
  'changeImage',
  'commit',
  'changeName',
  'idleStop',
] as const;
export type Operation = (typeof operations)[number];

export const OperationState = Type.Object({
  name: Type.String(),
  allowed: Type.Boolean(),
  reason: Type.String({ description: '不可操作的原因；可操作时为空' }),
});
export type OperationState = Static<typeof OperationState>;

/** An instance as the console shows it (answered by the list and by every operation on one instance). */
const UsedBytes = Type.Union([Type.Integer(), Type.Null()], { description: '字节；null 表示无法读取' });

/** The last reading of an instance's disks, against their sizes. */
export const InstanceDiskUsage = Type.Object({
  readAt: DateTime,
  system: Type.Object({
    usedBytes: UsedBytes,
    limitBytes: Type.Union([Type.Integer(), Type.Null()], { description: '强制的上限；null 表示本机存储不支持限制' }),
  }),
  data: Type.Object({
    limited: Type.Boolean({ description: 'false：数据盘创建于容量限制之前，不限容量' }),
    usedBytes: UsedBytes,
    sizeBytes: UsedBytes,
  }),
  netDisk: Type.Union(
    [
      Type.Object({
        usedBytes: Type.Integer(),
        quotaBytes: Type.Integer(),
        heldInside: Type.Boolean({ description: 'true：实例内写入同样受网盘容量限制（超出时报 No space left on device）' }),
      }),
      Type.Null(),
    ],
    {
      description: '挂载的网盘；未挂载为 null',
    },
  ),
});
export type InstanceDiskUsage = Static<typeof InstanceDiskUsage>;

export const InstanceView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer({
    description: 'OpsInstanceEnum：0 创建中 1 开机中 2 运行中 3 关机中 4 已关机 5 释放中 6 已释放 7 重置中 8 保存镜像中 9 创建失败',
  }),
  statusName: Type.String(),
  nextStatus: Type.Union([Type.Integer(), Type.Null()], { description: '进行中的状态变化完成后的状态' }),
  transitionAt: Type.Union([DateTime, Type.Null()], { description: '预计完成当前状态变化的时间' }),
  regionCode: Type.String(),
  regionName: Type.String(),
  nodeName: Type.String(),
  nodeGpuFree: Type.Integer(),
  gpuModelId: Type.Integer(),
  deviceName: Type.String(),
  gpuCount: Type.Integer(),
  gpuHeld: Type.Integer({ description: '实例当前占用的GPU数（关机的按量实例与无卡模式为0）' }),
  noGpu: Type.Boolean(),
  cpu: Type.Number({ description: 'CPU 核数' }),
  memoryGb: Type.Number(),
  cudaVersion: Type.String(),
  billingType: Type.Integer({ description: 'BillingTypeEnum：1 按量计费 2 包日 3 包周 4 包月' }),
  billingName: Type.String(),
  hourPrice: Money('每小时GPU价格（单卡价×GPU数）'),
  dayRate: Money('按量计费时每天的费用'),
  packageExpiresAt: NullableDateTime,
  releaseAt: Type.Union([DateTime, Type.Null()], { description: '关机的按量实例将被自动释放的时间' }),
  stoppedAt: NullableDateTime,
  stopAt: Type.Union([DateTime, Type.Null()], { description: '定时关机时间' }),
  gpuWait: Type.Union(
    [Type.Object({ since: DateTime, position: Type.Integer({ description: '在该主机排队中的位次，从 1 起' }) }), Type.Null()],
    {
      description: '排队等待GPU：有空闲GPU时自动开机；未排队为 null',
    },
  ),
  idleStop: Type.Object({
    minutes: Type.Union([Type.Integer(), Type.Null()], { description: '闲置自动关机：GPU利用率持续低于阈值多少分钟后关机；null 为关闭' }),
    percent: Type.Integer({ description: 'GPU利用率阈值（%）' }),
  }),
  imageId: Type.Integer(),
  imageName: Type.String(),
  systemDiskGb: Type.Integer(),
  dataDiskGb: Type.Integer(),
  dataDiskExtraGb: Type.Integer(),
  dataDiskGrowsAtStart: Type.Boolean({ description: 'true：数据盘扩容本机未能在线生效，将在下次开机时生效' }),
  disks: Type.Union([InstanceDiskUsage, Type.Null()], {
    description: '磁盘用量的最近一次读数（运行中的实例每几分钟读取一次）；从未读取时为 null',
  }),
  ssh: Type.Object({
    host: Type.String(),
    port: Type.Integer(),
    user: Type.String(),
    password: Type.String(),
    /** `ssh -p <port> root@<host>`: logs in with the password. */
    command: Type.String(),
    /** `ssh -p <port> root.<id>@<host>`: logs in with the password or a key saved at /account/ssh. */
    keyCommand: Type.String(),
  }),
  jupyterPort: Type.Union([Type.Integer(), Type.Null()], {
    description: 'JupyterLab 在实例中的端口，经实例页面域名打开（先换取一次性凭证）；实例未运行或资源池没有真实容器时为 null',
  }),
  jupyterReason: Type.String({ description: 'jupyterPort 为 null 的原因；可用时为空' }),
  desktop: Type.Boolean({ description: '镜像带远程桌面（/vnc?id=）' }),
  desktopReason: Type.String({ description: '远程桌面现在打不开的原因；可以打开时为空' }),
  app: Type.Union([InstanceAppView, Type.Null()], { description: '从应用部署的实例：应用与其服务的状态；否则为 null' }),
  gmtCreate: DateTime,
  operations: Type.Object(
    Object.fromEntries(operations.map((operation) => [operation, OperationState])) as Record<Operation, typeof OperationState>,
  ),
});
export type InstanceView = Static<typeof InstanceView>;
