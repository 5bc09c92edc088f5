import { Type, type Static } from 'typebox';
import { DateTime, Money, NullableDateTime } from '../values.js';

/** What a voucher can pay for: 算力 (instances), 存储, 超算, 课程. */
export const VoucherScope = Type.Union([Type.Literal('compute'), Type.Literal('storage'), Type.Literal('hpc'), Type.Literal('course')], {
  title: '适用范围',
  description: 'compute 算力、storage 存储、hpc 超算、course 课程',
});
export type VoucherScope = Static<typeof VoucherScope>;

export const IssueVoucherBatchBody = Type.Object({
  name: Type.String({ title: '名称', minLength: 1, maxLength: 64 }),
  amount: Type.Integer({ title: '面额', minimum: 1, maximum: 100_000_000, description: '单位：厘' }),
  minSpend: Type.Integer({ title: '最低消费', minimum: 0, maximum: 1_000_000_000, description: '订单金额不低于此值才可使用（单位：厘）' }),
  scope: VoucherScope,
  validFrom: DateTime,
  validUntil: DateTime,
  count: Type.Integer({ title: '数量', minimum: 1, maximum: 10_000 }),
  /** Absent: one code per voucher. */
  sharedCode: Type.Optional(Type.String({ title: '共享兑换码', pattern: '^[A-Za-z0-9]{4,32}$', description: '所有代金券共用一个兑换码' })),
  perUserLimit: Type.Optional(Type.Integer({ title: '每人限领', minimum: 1, maximum: 100 })),
});
export type IssueVoucherBatchBody = Static<typeof IssueVoucherBatchBody>;

export const VoucherBatchView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  amount: Money('面额'),
  minSpend: Money('最低消费'),
  scope: VoucherScope,
  validFrom: DateTime,
  validUntil: DateTime,
  count: Type.Integer(),
  redeemed: Type.Integer({ description: '已兑换张数' }),
  used: Type.Integer({ description: '已使用张数' }),
  sharedCode: Type.Union([Type.String(), Type.Null()]),
  perUserLimit: Type.Integer(),
  createdAt: DateTime,
});
export type VoucherBatchView = Static<typeof VoucherBatchView>;

export const IssuedVoucherBatch = Type.Object({
  batch: VoucherBatchView,
  codes: Type.Array(Type.String(), { description: '每张代金券的兑换码；共享兑换码的批次为空' }),
});
export type IssuedVoucherBatch = Static<typeof IssuedVoucherBatch>;

export const RedeemVoucherBody = Type.Object({ code: Type.String({ title: '兑换码', minLength: 1, maxLength: 32 }) });
export type RedeemVoucherBody = Static<typeof RedeemVoucherBody>;

export const VoucherState = Type.Union([Type.Literal('available'), Type.Literal('used'), Type.Literal('expired')], {
  description: 'available 可用、used 已使用、expired 已过期',
});
export type VoucherState = Static<typeof VoucherState>;

export const VoucherView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  amount: Money('面额'),
  minSpend: Money('最低消费'),
  scope: VoucherScope,
  validUntil: DateTime,
  state: VoucherState,
  usedAt: NullableDateTime,
  usedAmount: Money('已抵扣金额'),
});
export type VoucherView = Static<typeof VoucherView>;

export const VoucherListQuery = Type.Object({ state: Type.Optional(VoucherState) });
export type VoucherListQuery = Static<typeof VoucherListQuery>;

/** A voucher the quoted order can use, and how much it takes off. */
export const UsableVoucher = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  amount: Money('本单抵扣金额'),
  validUntil: DateTime,
});
export type UsableVoucher = Static<typeof UsableVoucher>;

/** Absent: the best usable voucher; 0: none; otherwise the voucher's id. */
export const VoucherChoice = Type.Optional(
  Type.Integer({ title: '代金券', minimum: 0, description: '不传则自动选择最优代金券；0 表示不使用' }),
);
