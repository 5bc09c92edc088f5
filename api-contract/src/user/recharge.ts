import { Type, type Static } from 'typebox';
import { PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';

export const RechargeMethod = Type.Object({
  code: Type.String({ description: 'sandbox 模拟支付；alipay 支付宝；wechatpay 微信支付' }),
  name: Type.String(),
});
export type RechargeMethod = Static<typeof RechargeMethod>;

/** What the recharge screen offers: the bounds and presets from the site's configuration and the enabled methods. */
export const RechargeOptions = Type.Object({
  minAmount: Money('单笔最低充值'),
  maxAmount: Money('单笔最高充值'),
  presets: Type.Array(Type.Integer(), { description: '预设金额（单位：厘）' }),
  methods: Type.Array(RechargeMethod),
  timeoutMinutes: Type.Integer({ description: '未支付订单自动关闭的分钟数' }),
});
export type RechargeOptions = Static<typeof RechargeOptions>;

export const CreateRechargeBody = Type.Object({
  amount: Type.Integer({ title: '充值金额', minimum: 1, maximum: 1_000_000_000_000, description: '单位：厘（千分之一元），须为整分' }),
  method: Type.String({ title: '支付方式', minLength: 1, maxLength: 16 }),
  idempotencyKey: Type.String({
    title: '请求标识',
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: '客户端生成；同一标识重复提交返回第一次创建的订单',
  }),
});
export type CreateRechargeBody = Static<typeof CreateRechargeBody>;

export const RechargeOrderNoBody = Type.Object({
  orderNo: Type.String({ title: '订单号', minLength: 1, maxLength: 32 }),
});
export type RechargeOrderNoBody = Static<typeof RechargeOrderNoBody>;

export const Recharge = Type.Object({
  orderNo: Type.String(),
  paymentNo: Type.String({ description: '支付单号（支付机构的商户订单号）' }),
  amount: Money('充值金额'),
  method: Type.String(),
  methodName: Type.String(),
  status: Type.Integer({ description: 'OrderStatusEnum：0 待支付；1 已支付；2 已取消；4 已关闭' }),
  statusName: Type.String(),
  payUrl: Type.Union([Type.String(), Type.Null()], { description: '收银台地址（待支付时）' }),
  qrCodeSvg: Type.Union([Type.String(), Type.Null()], { description: '扫码支付的二维码（SVG，待支付时）' }),
  expiresAt: DateTime,
  paidAt: NullableDateTime,
  gmtCreate: DateTime,
});
export type Recharge = Static<typeof Recharge>;

export const RechargeListBody = PageQuery;
export type RechargeListBody = Static<typeof RechargeListBody>;

/** A payment that arrived after its order closed: credited, waiting for an operator to check it against the provider. */
export const FlaggedRecharge = Type.Object({
  paymentNo: Type.String(),
  orderNo: Type.String(),
  userId: Type.Integer(),
  mobile: Type.String(),
  amount: Money('到账金额'),
  method: Type.String(),
  providerTradeNo: Type.Union([Type.String(), Type.Null()]),
  expiresAt: DateTime,
  paidAt: NullableDateTime,
  reviewedAt: NullableDateTime,
});
export type FlaggedRecharge = Static<typeof FlaggedRecharge>;

export const FlaggedRechargeListBody = Type.Intersect([
  PageQuery,
  Type.Object({ includeReviewed: Type.Optional(Type.Boolean({ title: '包含已核对', description: '默认只列出待核对的' })) }),
]);
export type FlaggedRechargeListBody = Static<typeof FlaggedRechargeListBody>;

export const ReviewRechargeBody = Type.Object({
  paymentNo: Type.String({ title: '支付单号', minLength: 1, maxLength: 32 }),
});
export type ReviewRechargeBody = Static<typeof ReviewRechargeBody>;
