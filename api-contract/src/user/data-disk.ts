import { Type, type Static } from 'typebox';
import { Money } from '../values.js';
import { DataDiskExtraGb, InstanceId } from './compute.js';
import { QuoteToken } from './quote.js';

export const DataDiskAdjustBody = Type.Object({ id: InstanceId, dataDiskExtraGb: DataDiskExtraGb, quoteToken: QuoteToken });
export type DataDiskAdjustBody = Static<typeof DataDiskAdjustBody>;

export const InstanceDisks = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer(),
  billingType: Type.Integer(),
  systemDiskGb: Type.Integer(),
  dataDiskGb: Type.Integer({ description: '免费容量与扩容之和' }),
  dataDiskExtraGb: Type.Integer(),
  extraDayAmount: Money('扩容部分每天的费用'),
});
export type InstanceDisks = Static<typeof InstanceDisks>;

/** The disks of the caller's instances that are not released, and their totals. */
export const StorageOverview = Type.Object({
  freeDataDiskGb: Type.Integer(),
  dataDiskDayPricePerGb: Money('扩容数据盘每GB每天价格'),
  systemDiskGb: Type.Integer(),
  dataDiskGb: Type.Integer(),
  dataDiskExtraGb: Type.Integer(),
  instances: Type.Array(InstanceDisks),
});
export type StorageOverview = Static<typeof StorageOverview>;
