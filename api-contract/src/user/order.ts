import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { BillingType, DataDiskExtraGb, Duration, GpuCount, InstanceName, InstanceView, RegionCode } from './compute.js';
import { MoneyQuote, QuoteToken } from './quote.js';
import { VoucherChoice } from './voucher.js';

/** The machine being priced or bought. */
export const OrderConfiguration = Type.Object({
  regionCode: RegionCode,
  gpuModelId: Id('GPU型号'),
  nodeId: Type.Optional(Id('主机')),
  gpuCount: GpuCount,
  billingType: BillingType,
  duration: Type.Optional(Duration),
  dataDiskExtraGb: Type.Optional(DataDiskExtraGb),
});
export type OrderConfiguration = Static<typeof OrderConfiguration>;

export const RentQuoteBody = Type.Object({ ...OrderConfiguration.properties, voucherId: VoucherChoice });
export type RentQuoteBody = Static<typeof RentQuoteBody>;

export const PriceQuote = Type.Object({
  billingType: Type.Integer(),
  hourAmount: Money('按量计费每小时的费用（GPU与扩容数据盘）'),
  gpuAmount: Money('包周期的GPU费用'),
  diskAmount: Money('包周期的扩容数据盘费用'),
  originalAmount: Money('按小时价折算的原价'),
  discountAmount: Money('包周期优惠'),
  amount: Money('应付金额；按量计费为0'),
  days: Type.Integer({ description: '包周期天数；按量计费为0' }),
  unitHourPrice: Money('单卡每小时价格'),
  noGpuHourPrice: Money('无卡模式每小时价格'),
  dataDiskDayPricePerGb: Money('扩容数据盘每GB每天价格'),
  freeDataDiskGb: Type.Integer({ description: '免费数据盘容量(GB)' }),
});
export type PriceQuote = Static<typeof PriceQuote>;

/** The rent price with what paying it does to the balance, and the quote to pay it with. */
export const RentQuote = Type.Object({ ...PriceQuote.properties, ...MoneyQuote.properties });
export type RentQuote = Static<typeof RentQuote>;

export const PayOrderBody = Type.Intersect([
  OrderConfiguration,
  Type.Object({
    imageId: Id('镜像'),
    name: Type.Optional(InstanceName),
    quoteToken: QuoteToken,
    /** 从应用中心部署时：已上架的应用，所选配置须与其实例模板一致。 */
    appId: Type.Optional(Id('应用')),
    /** 从数据集的分享页租用时：分享页的访问凭证，实例创建即挂载该数据集（只读）。 */
    datasetShare: Type.Optional(Type.String({ title: '数据集分享凭证', maxLength: 64 })),
  }),
]);
export type PayOrderBody = Static<typeof PayOrderBody>;

export const PaidOrder = Type.Object({
  orderId: Type.Integer(),
  orderNo: Type.String(),
  amount: Money('已支付金额'),
  instance: InstanceView,
});
export type PaidOrder = Static<typeof PaidOrder>;

export const BillListBody = Type.Intersect([PageQuery, Type.Object({ instanceId: Type.Optional(Id('实例ID')) })]);
export type BillListBody = Static<typeof BillListBody>;

/** One charge or refund of an instance. */
export const Bill = Type.Object({
  id: Type.Integer(),
  instanceId: Type.Union([Type.Integer(), Type.Null()]),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  kind: Type.String({ description: 'usage 按量计费；package 包周期；renew 续费；disk 数据盘；refund 退款' }),
  amount: Money('扣费为正，退款为负'),
  seconds: Type.Integer({ description: '按量计费的计费秒数' }),
  dayRate: Money('计费时每天的费用'),
  periodStart: NullableDateTime,
  periodEnd: NullableDateTime,
  note: Type.String(),
  gmtCreate: DateTime,
});
export type Bill = Static<typeof Bill>;
