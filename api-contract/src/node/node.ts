import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';
import { Money } from '../values.js';
import { RegionCode } from '../user/compute.js';

/** `/apis/node/...`: regions, GPU models with their free counts and prices, and nodes. */
export const Region = Type.Object({ regionCode: Type.String(), regionName: Type.String() });
export type Region = Static<typeof Region>;

export const DeviceTypeStatisticsQuery = Type.Object({ regionCode: Type.Optional(RegionCode) });
export type DeviceTypeStatisticsQuery = Static<typeof DeviceTypeStatisticsQuery>;

/** A GPU model with the cards of its enabled nodes (in the region asked for) and its prices per card. */
export const GpuModelStat = Type.Object({
  gpuModelId: Type.Integer(),
  deviceType: Type.String({ description: 'GPU型号编码' }),
  deviceName: Type.String(),
  memoryGb: Type.Integer({ description: '显存(GB)' }),
  hourPrice: Money('单卡每小时价格'),
  dayPrice: Money('单卡包日价格'),
  weekPrice: Money('单卡包周价格'),
  monthPrice: Money('单卡包月价格'),
  nodeCount: Type.Integer(),
  totalGpu: Type.Integer(),
  freeGpu: Type.Integer(),
  maxFreePerNode: Type.Integer({ description: '单台主机上最多的空闲卡数' }),
  cpuPerGpu: Type.Integer(),
  memoryPerGpuGb: Type.Integer(),
});
export type GpuModelStat = Static<typeof GpuModelStat>;

export const NodeListBody = Type.Intersect([
  PageQuery,
  Type.Object({
    getType: Type.Optional(Type.Integer({ title: '查询类型', minimum: 0, maximum: 9999 })),
    regionCode: Type.Optional(RegionCode),
    gpuModelId: Type.Optional(Type.Integer({ title: 'GPU型号', minimum: 1, maximum: 2_147_483_647 })),
  }),
]);
export type NodeListBody = Static<typeof NodeListBody>;

/** A GPU host with its free cards. */
export const NodeView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  regionCode: Type.String(),
  regionName: Type.String(),
  gpuModelId: Type.Integer(),
  deviceName: Type.String(),
  gpuTotal: Type.Integer(),
  gpuFree: Type.Integer(),
  cpuPerGpu: Type.Integer(),
  memoryPerGpuGb: Type.Integer(),
  systemDiskGb: Type.Integer(),
  dataDiskMaxGb: Type.Integer(),
  cudaVersion: Type.String(),
  hourPrice: Money('单卡每小时价格'),
});
export type NodeView = Static<typeof NodeView>;
