import { Type, type Static } from 'typebox';
import { BillingType, Duration, GpuCount, InstanceId, InstanceName } from './compute.js';
import { QuoteToken } from './quote.js';

// Operations on one of the caller's instances; each answers the instance as it now is (`InstanceView`).
export const ScheduleStopBody = Type.Object({
  id: InstanceId,
  minutes: Type.Integer({ title: '多少分钟后关机', minimum: 0, maximum: 7 * 24 * 60, description: '0 表示取消定时关机' }),
});
export type ScheduleStopBody = Static<typeof ScheduleStopBody>;

export const ChangeBillingBody = Type.Object({
  id: InstanceId,
  billingType: BillingType,
  duration: Type.Optional(Duration),
  quoteToken: QuoteToken,
});
export type ChangeBillingBody = Static<typeof ChangeBillingBody>;

export const LiftConfigBody = Type.Object({ id: InstanceId, gpuCount: GpuCount, quoteToken: QuoteToken });
export type LiftConfigBody = Static<typeof LiftConfigBody>;

export const CloneBody = Type.Object({ id: InstanceId, name: Type.Optional(InstanceName), quoteToken: QuoteToken });
export type CloneBody = Static<typeof CloneBody>;

export const RenewBody = Type.Object({ id: InstanceId, duration: Duration, quoteToken: QuoteToken });
export type RenewBody = Static<typeof RenewBody>;
