import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';

/** A time range on when something was created: from `startTime` (included) to `endTime` (excluded); either end may be open. */
export const TimeRange = Type.Object({
  startTime: Type.Optional(Type.String({ title: '开始时间', format: 'date-time' })),
  endTime: Type.Optional(Type.String({ title: '结束时间', format: 'date-time' })),
});
export type TimeRange = Static<typeof TimeRange>;

export const Product = Type.Union([Type.Literal('gpu'), Type.Literal('storage'), Type.Literal('hpc')], {
  title: '产品',
  description: 'gpu 算力（实例及其数据盘）；storage 存储；hpc 超算',
});
export type Product = Static<typeof Product>;

/** What bill lines are for: the products with monthly statements, and the community's bounties. */
const BillProduct = Type.Union([...Product.anyOf, Type.Literal('community'), Type.Literal('course')], {
  title: '产品',
  description: 'gpu 算力（实例及其数据盘）；storage 存储；hpc 超算；community 社区（问答悬赏）；course 课程',
});

export const BillKind = Type.Union(
  [
    Type.Literal('usage'),
    Type.Literal('gpu_usage'),
    Type.Literal('package'),
    Type.Literal('renew'),
    Type.Literal('disk'),
    Type.Literal('refund'),
    Type.Literal('bounty'),
    Type.Literal('course'),
  ],
  {
    title: '计费类型',
    description:
      'usage 按量计费（超算为核时）；gpu_usage 超算 GPU 卡时；package 包周期；renew 续费；disk 数据盘；refund 退款；bounty 问答悬赏；course 课程购买',
  },
);

export const BillFilter = Type.Intersect([
  TimeRange,
  Type.Object({
    product: Type.Optional(BillProduct),
    kind: Type.Optional(BillKind),
    instanceId: Type.Optional(Id('实例ID')),
  }),
]);
export type BillFilter = Static<typeof BillFilter>;

export const BillListBody = Type.Intersect([PageQuery, BillFilter]);
export type BillListBody = Static<typeof BillListBody>;

/** One charge line: what was billed, for which period, at what unit price and quantity. */
export const BillLine = Type.Object({
  id: Type.Integer(),
  product: Type.String({ description: 'gpu / storage / hpc' }),
  kind: Type.String({ description: 'usage / package / renew / disk / refund' }),
  instanceId: Type.Union([Type.Integer(), Type.Null()]),
  instanceName: Type.Union([Type.String(), Type.Null()]),
  orderId: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.Union([Type.String(), Type.Null()], { description: '订单号：与我的订单、收银台和发票上的相同' }),
  periodStart: NullableDateTime,
  periodEnd: NullableDateTime,
  unitPrice: Money('单价'),
  priceUnit: Type.String({ description: '单价的计量单位：天、次，超算为核时或卡时' }),
  quantity: Type.Number({ description: '用量，按 quantityUnit 计' }),
  quantityUnit: Type.String({ description: '秒、天或次，超算为核秒或卡秒' }),
  amount: Money('扣费为正，退款为负'),
  note: Type.String(),
  gmtCreate: DateTime,
});
export type BillLine = Static<typeof BillLine>;

export const BillTotals = Type.Object({
  lines: Type.Integer({ description: '明细条数' }),
  charged: Money('扣费合计'),
  refunded: Money('退款合计（正数）'),
  amount: Money('净额：扣费合计 − 退款合计'),
});
export type BillTotals = Static<typeof BillTotals>;

export const BillPage = Type.Object({
  list: Type.Array(BillLine),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  totals: BillTotals,
  /** The rounding rule, printed with the lines. */
  rule: Type.String(),
});
export type BillPage = Static<typeof BillPage>;

export const IdBody = Type.Object({ id: Id('ID') });
export type IdBody = Static<typeof IdBody>;

export const BillView = Type.Intersect([
  BillLine,
  Type.Object({
    ledgerEntryId: Type.Integer(),
    balanceAfter: Type.Union([Money('扣费后余额'), Type.Null()]),
    rule: Type.String(),
  }),
]);
export type BillView = Static<typeof BillView>;

export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { title: '导出格式' });
export const BillExportBody = Type.Intersect([BillFilter, Type.Object({ format: ExportFormat })]);
export type BillExportBody = Static<typeof BillExportBody>;

export const StatementListBody = Type.Object({ product: Type.Optional(Product) });
export type StatementListBody = Static<typeof StatementListBody>;

/** One month of one product's charges. */
export const MonthStatement = Type.Object({
  month: Type.String({ description: 'YYYY-MM（北京时间）' }),
  product: Type.String(),
  lines: Type.Integer(),
  charged: Money('扣费合计'),
  refunded: Money('退款合计（正数）'),
  amount: Money('净额'),
});
export type MonthStatement = Static<typeof MonthStatement>;

export const Month = Type.String({ title: '月份', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: '应为 YYYY-MM' });
export const StatementViewBody = Type.Object({ month: Month, product: Type.Optional(Product) });
export type StatementViewBody = Static<typeof StatementViewBody>;

/** A month's statement broken down by resource. */
export const StatementView = Type.Object({
  month: Type.String(),
  product: Type.String(),
  resources: Type.Array(
    Type.Object({
      instanceId: Type.Union([Type.Integer(), Type.Null()]),
      instanceName: Type.Union([Type.String(), Type.Null()]),
      lines: Type.Integer(),
      usageSeconds: Type.Integer({ description: '按量计费秒数' }),
      charged: Money('扣费合计'),
      refunded: Money('退款合计（正数）'),
      amount: Money('净额'),
    }),
  ),
  totals: BillTotals,
});
export type StatementView = Static<typeof StatementView>;

export const DailySpendBody = Type.Object({ days: Type.Optional(Type.Integer({ title: '天数', minimum: 1, maximum: 366, default: 30 })) });
export type DailySpendBody = Static<typeof DailySpendBody>;

export const DailySpend = Type.Object({
  days: Type.Array(Type.String({ description: 'YYYY-MM-DD（北京时间），最早在前' })),
  series: Type.Array(Type.Object({ product: Type.String(), amounts: Type.Array(Money('当天净额')) })),
});
export type DailySpend = Static<typeof DailySpend>;

export const RunningCost = Type.Object({
  hourAmount: Money('运行中的按量计费实例每小时费用合计'),
  balance: Money('支付账户的余额（共享主账户余额的子账户为主账户的余额）'),
  hoursLeft: Type.Union([Type.Number(), Type.Null()], { description: '余额预计可用小时数；无运行中的按量实例时为 null' }),
  sharedBalance: Type.Boolean({ description: '是否使用主账户的余额' }),
  instances: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), hourAmount: Money('每小时费用') })),
});
export type RunningCost = Static<typeof RunningCost>;

export const LedgerListBody = Type.Intersect([
  PageQuery,
  TimeRange,
  Type.Object({
    kind: Type.Optional(
      Type.Union(
        [
          Type.Literal('recharge'),
          Type.Literal('charge'),
          Type.Literal('refund'),
          Type.Literal('grant'),
          Type.Literal('bounty_hold'),
          Type.Literal('bounty_pay'),
          Type.Literal('bounty_refund'),
        ],
        {
          title: '收支类型',
          description:
            'recharge 充值；charge 消费；refund 退款；grant 赠送；bounty_hold 悬赏托管；bounty_pay 悬赏收入；bounty_refund 悬赏退回',
        },
      ),
    ),
  }),
]);
export type LedgerListBody = Static<typeof LedgerListBody>;

export const LedgerRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  amount: Money('收入为正，支出为负'),
  balanceAfter: Money('变动后余额'),
  note: Type.String(),
  gmtCreate: DateTime,
});
export type LedgerRow = Static<typeof LedgerRow>;

export const LedgerPage = Type.Object({
  list: Type.Array(LedgerRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  income: Money('收入合计'),
  expense: Money('支出合计（正数）'),
});
export type LedgerPage = Static<typeof LedgerPage>;

export const LedgerView = Type.Intersect([LedgerRow, Type.Object({ bills: Type.Array(BillLine) })]);
export type LedgerView = Static<typeof LedgerView>;

export const ResourceKind = Type.Union([Type.Literal('gpu'), Type.Literal('disk')], {
  title: '资源类型',
  description: 'gpu 算力实例；disk 实例的扩容数据盘',
});
export const ResourceListBody = Type.Intersect([PageQuery, Type.Object({ kind: Type.Optional(ResourceKind) })]);
export type ResourceListBody = Static<typeof ResourceListBody>;

/** A billed resource: a GPU instance, or the extra data disk of one. */
export const ResourceRow = Type.Object({
  id: Type.Integer({ description: '实例ID' }),
  kind: Type.String({ description: 'gpu / disk' }),
  name: Type.String(),
  status: Type.Integer({ description: 'OpsInstanceEnum' }),
  billingType: Type.Integer({ description: 'BillingTypeEnum' }),
  spec: Type.String({ description: '配置：GPU型号×数量，或数据盘容量' }),
  regionName: Type.String(),
  spent: Money('累计花费（净额）'),
  expiresAt: NullableDateTime,
  gmtCreate: DateTime,
  releasedAt: NullableDateTime,
});
export type ResourceRow = Static<typeof ResourceRow>;

export const ResourceViewBody = Type.Object({ id: Id('实例ID'), kind: Type.Optional(ResourceKind) });
export type ResourceViewBody = Static<typeof ResourceViewBody>;

export const ResourceView = Type.Intersect([
  ResourceRow,
  Type.Object({
    months: Type.Array(Type.Object({ month: Type.String(), amount: Money('当月净额') })),
    recentBills: Type.Array(BillLine),
  }),
]);
export type ResourceView = Static<typeof ResourceView>;

/** A network disk or cloud disk, with what its storage lines have cost so far. */
export const StorageResourceRow = Type.Object({
  kind: Type.Union([Type.Literal('netdisk'), Type.Literal('clouddisk')]),
  id: Type.Integer(),
  name: Type.String({ description: '网盘（地区）或云盘（地区）' }),
  regionName: Type.String(),
  spec: Type.String({ description: '网盘的容量，或云盘的配额' }),
  status: Type.Integer({ description: '1 使用中；2 已冻结（欠费）' }),
  dayAmount: Money('网盘当前每日费用（云盘按所存字节每日计费，为0）'),
  paidThrough: DateTime,
  spent: Money('累计花费（净额）'),
  gmtCreate: DateTime,
});
export type StorageResourceRow = Static<typeof StorageResourceRow>;
