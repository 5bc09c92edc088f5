import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { BillLine, TimeRange } from './bills.js';

export const OrderListBody = Type.Intersect([
  PageQuery,
  TimeRange,
  Type.Object({
    orderType: Type.Optional(Type.Integer({ title: '订单类型', minimum: 1, maximum: 8, description: 'OrderTypeEnum' })),
    status: Type.Optional(Type.Integer({ title: '订单状态', minimum: 0, maximum: 3, description: 'OrderStatusEnum' })),
  }),
]);
export type OrderListBody = Static<typeof OrderListBody>;

export const OrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  orderType: Type.Integer({ description: 'OrderTypeEnum' }),
  billingType: Type.Integer({ description: 'BillingTypeEnum' }),
  status: Type.Integer({ description: 'OrderStatusEnum' }),
  amount: Money('订单金额；退款为负'),
  instanceId: Type.Union([Type.Integer(), Type.Null()]),
  instanceName: Type.Union([Type.String(), Type.Null()]),
  gmtCreate: DateTime,
});
export type OrderRow = Static<typeof OrderRow>;

export const OrderViewBody = Type.Object({ id: Id('订单ID') });
export type OrderViewBody = Static<typeof OrderViewBody>;

export const OrderInstance = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer({ description: 'OpsInstanceEnum' }),
  billingType: Type.Integer(),
  gpuModel: Type.String(),
  gpuCount: Type.Integer(),
  regionName: Type.String(),
  packageExpiresAt: NullableDateTime,
});
export type OrderInstance = Static<typeof OrderInstance>;

export const OrderView = Type.Intersect([
  OrderRow,
  Type.Object({
    detail: Type.Record(Type.String(), Type.Unknown(), { description: '下单时的报价明细' }),
    instance: Type.Union([OrderInstance, Type.Null()]),
    bills: Type.Array(BillLine),
  }),
]);
export type OrderView = Static<typeof OrderView>;
