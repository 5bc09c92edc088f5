import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, Money } from '../values.js';
import { ClusterItem } from './cluster.js';
import { HpcAccountView } from './account.js';
import { HpcJobView } from './job.js';
import { VoucherChoice } from '../user/voucher.js';

/** A partition with its price, the limits a job is checked against, and its capacity now (from the scheduler). */
export const HpcPartitionView = Type.Object({
  id: Type.Integer(),
  clusterId: Type.Integer(),
  clusterName: Type.String(),
  name: Type.String({ description: '调度系统中的分区名' }),
  title: Type.String(),
  description: Type.String(),
  coreHourPrice: Money('每核时价格'),
  gpuHourPrice: Money('每卡时价格，0 为无GPU分区'),
  maxNodes: Type.Integer(),
  maxCpusPerJob: Type.Integer(),
  maxGpusPerJob: Type.Integer(),
  maxMemoryMbPerJob: Type.Integer(),
  maxTimeMinutes: Type.Integer(),
  isDefault: Type.Boolean(),
  reachable: Type.Boolean({ description: '为假时调度系统暂时无法连接，以下容量为0' }),
  state: Type.String({ description: 'up、down、drain…' }),
  totalCpus: Type.Integer(),
  allocatedCpus: Type.Integer(),
  totalGpus: Type.Integer(),
  allocatedGpus: Type.Integer(),
});
export type HpcPartitionView = Static<typeof HpcPartitionView>;

export const HpcPartitionQuery = Type.Object({ clusterId: Type.Optional(Id('集群')) });
export type HpcPartitionQuery = Static<typeof HpcPartitionQuery>;

/** A core-hour package on sale. */
export const HpcPackageProduct = Type.Object({
  id: Type.Integer(),
  clusterId: Type.Union([Type.Integer(), Type.Null()], { description: '为空时全部集群可用' }),
  clusterName: Type.String({ description: '适用集群；全部集群时为「全部集群」' }),
  name: Type.String(),
  coreHours: Type.Integer(),
  price: Money('售价'),
  validDays: Type.Integer(),
});
export type HpcPackageProduct = Static<typeof HpcPackageProduct>;

/** A package the caller bought. */
export const HpcPackageView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  clusterName: Type.String(),
  coreHours: Type.Integer(),
  remainingCoreSeconds: Type.Integer(),
  expiresAt: DateTime,
  createdAt: DateTime,
  expired: Type.Boolean(),
});
export type HpcPackageView = Static<typeof HpcPackageView>;

export const HpcPackageQuoteBody = Type.Object({ productId: Id('资源包'), voucherId: VoucherChoice });
export type HpcPackageQuoteBody = Static<typeof HpcPackageQuoteBody>;

export const HpcPackageBuyBody = Type.Object({
  productId: Id('资源包'),
  quoteToken: Type.String({ title: '报价凭证', minLength: 1, maxLength: 2000 }),
});
export type HpcPackageBuyBody = Static<typeof HpcPackageBuyBody>;

/** /account/superHome: everything about the caller's HPC at a glance. */
export const HpcOverview = Type.Object({
  accounts: Type.Array(HpcAccountView),
  activeJobs: Type.Array(HpcJobView, { description: '排队与运行中的作业' }),
  month: Type.Object({
    month: Type.String({ description: 'YYYY-MM（北京时间）' }),
    jobs: Type.Integer(),
    coreSeconds: Type.Integer(),
    gpuSeconds: Type.Integer(),
    packageCoreSeconds: Type.Integer(),
    amount: Money('本月作业扣费'),
  }),
  packageCoreSecondsLeft: Type.Integer({ description: '未过期资源包剩余核秒' }),
  storage: Type.Array(ClusterItem),
});
export type HpcOverview = Static<typeof HpcOverview>;
