import { Type, type Static } from 'typebox';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { BillingType, DataDiskExtraGb, Duration, GpuCount, InstanceId } from './compute.js';
import { UsableVoucher, VoucherChoice } from './voucher.js';

/** The signed quote an operation that charges or refunds must be confirmed with; the server charges exactly its amount. */
export const QuoteToken = Type.String({
  title: '报价凭证',
  minLength: 1,
  maxLength: 2000,
  description: '由报价接口返回，几分钟内有效；价格、参数或余额变化后需重新报价',
});

export const QuoteLine = Type.Object({ name: Type.String(), amount: Money('金额，退款为负') });
export type QuoteLine = Static<typeof QuoteLine>;

/** What confirming will do to the payer's money. */
export const MoneyQuote = Type.Object({
  amount: Money('确认后扣费的金额，退款为负'),
  unitPrice: Money('确认后的单价'),
  unitName: Type.String({ description: '单价的单位：小时、天、周、月' }),
  balance: Money('付款账户当前余额（共享主账户余额的子账户由主账户付款）'),
  voucher: Type.Union([UsableVoucher, Type.Null()], { description: '本单使用的代金券（代金券抵扣 ¥x），不使用为 null' }),
  vouchers: Type.Array(UsableVoucher, { description: '本单可用的代金券，抵扣多者在前' }),
  voucherRefund: Money('退款中退回代金券的部分（代金券仍在有效期内）'),
  balanceAfter: Money('确认后的余额（代金券抵扣的部分不从余额扣除）'),
  paidByMainAccount: Type.Boolean({ description: '由主账户余额付款' }),
  enough: Type.Boolean({ description: '余额足够；按量计费需至少可支付1小时' }),
  items: Type.Array(QuoteLine),
  periodEnd: NullableDateTime,
  expiresAt: DateTime,
  quoteToken: QuoteToken,
});
export type MoneyQuote = Static<typeof MoneyQuote>;

const quotedOperations = ['changeBilling', 'renew', 'liftConfig', 'storageAdjust', 'clone'] as const;

/** An operation on one of the caller's instances with the parameters it would run with. */
export const InstanceQuoteBody = Type.Object({
  operation: Type.Union(
    [
      Type.Literal('changeBilling'),
      Type.Literal('renew'),
      Type.Literal('liftConfig'),
      Type.Literal('storageAdjust'),
      Type.Literal('clone'),
    ],
    { title: '操作', description: quotedOperations.join('、') },
  ),
  id: InstanceId,
  billingType: Type.Optional(BillingType),
  duration: Type.Optional(Duration),
  gpuCount: Type.Optional(GpuCount),
  dataDiskExtraGb: Type.Optional(DataDiskExtraGb),
  voucherId: VoucherChoice,
});
export type InstanceQuoteBody = Static<typeof InstanceQuoteBody>;
export type QuotedOperation = InstanceQuoteBody['operation'];

export const InstanceQuote = Type.Object({ operation: Type.String(), ...MoneyQuote.properties });
export type InstanceQuote = Static<typeof InstanceQuote>;
