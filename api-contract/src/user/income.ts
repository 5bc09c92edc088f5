import { Type, type Static } from 'typebox';
import { Id, PageQuery, SmsCode } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';

/** 我的收益: held, withdrawable and earned income, by source, with the referral code and link. */
export const IncomeOverview = Type.Object({
  held: Money('待结算收益（入账后冻结7天）'),
  withdrawable: Money('可提现收益'),
  totalEarned: Money('累计收益'),
  bySource: Type.Array(
    Type.Object({
      sourceKind: Type.String({ description: 'referral 推荐返佣；course 课程销售' }),
      name: Type.String(),
      amount: Money('累计'),
    }),
  ),
  referralCode: Type.String(),
  referralLink: Type.String({ description: '推荐注册链接' }),
  referralEnabled: Type.Boolean(),
  commissionPercent: Type.Number({ description: '返佣比例（%）' }),
  commissionMonths: Type.Integer({ description: '被推荐人注册后多少个月内的充值返佣' }),
  holdDays: Type.Integer({ description: '收益冻结天数' }),
});
export type IncomeOverview = Static<typeof IncomeOverview>;

export const IncomeLine = Type.Object({
  id: Type.Integer(),
  sourceKind: Type.String(),
  sourceName: Type.String(),
  baseAmount: Money('产生收益的金额（如被推荐人的充值）'),
  amount: Money('收益'),
  releaseAt: DateTime,
  released: Type.Boolean({ description: '已结算为可提现' }),
  gmtCreate: DateTime,
});
export type IncomeLine = Static<typeof IncomeLine>;

export const ReferredUser = Type.Object({
  mobile: Type.String({ description: '打码的手机号' }),
  gmtCreate: DateTime,
  earned: Money('为我带来的收益'),
});
export type ReferredUser = Static<typeof ReferredUser>;

export const WithdrawalOptions = Type.Object({
  withdrawable: Money('可提现收益'),
  minAmount: Money('单笔最低提现'),
  maxAmount: Money('单笔最高提现'),
  feeBasisPoints: Type.Integer({ description: '手续费比例（万分之几，60 即 0.6%）' }),
  minFee: Money('最低手续费'),
  realName: Type.Union([Type.String(), Type.Null()], { description: '实名认证姓名；未实名为 null（须实名后提现）' }),
});
export type WithdrawalOptions = Static<typeof WithdrawalOptions>;

const PayeeChannel = Type.Union([Type.Literal('alipay'), Type.Literal('bank')], {
  title: '收款方式',
  description: 'alipay 支付宝；bank 银行卡',
});

/** A saved payee account (卡信息), shown masked: the full number never leaves the server again. */
export const PayeeAccount = Type.Object({
  id: Type.Integer(),
  channel: Type.String({ description: 'alipay 支付宝；bank 银行卡' }),
  accountMasked: Type.String({ description: '打码的收款账号：银行卡只显示后4位，支付宝手机号或邮箱中间打码' }),
  payeeName: Type.String({ description: '收款人（实名认证姓名）' }),
  bankName: Type.String(),
  gmtCreate: DateTime,
  gmtModified: DateTime,
});
export type PayeeAccount = Static<typeof PayeeAccount>;

export const PayeeAccountList = Type.Object({ list: Type.Array(PayeeAccount) });
export type PayeeAccountList = Static<typeof PayeeAccountList>;

/** Adding a payee account needs a code of type payee sent to the account's bound mobile; the payee is the real-name holder. */
export const PayeeAccountSaveBody = Type.Object({
  channel: PayeeChannel,
  account: Type.String({ title: '收款账号', minLength: 1, maxLength: 40, description: '支付宝手机号或邮箱；银行卡号12-19位数字' }),
  bankName: Type.Optional(Type.String({ title: '开户银行', maxLength: 60 })),
  code: SmsCode,
});
export type PayeeAccountSaveBody = Static<typeof PayeeAccountSaveBody>;

export const PayeeAccountUpdateBody = Type.Intersect([Type.Object({ id: Id('收款账户ID') }), PayeeAccountSaveBody]);
export type PayeeAccountUpdateBody = Static<typeof PayeeAccountUpdateBody>;

export const PayeeAccountIdBody = Type.Object({ id: Id('收款账户ID') });
export type PayeeAccountIdBody = Static<typeof PayeeAccountIdBody>;

/** Every withdrawal goes to a saved payee account and needs a code of type withdraw sent to the account's bound mobile. */
export const WithdrawalBody = Type.Object({
  amount: Type.Integer({ title: '提现金额', minimum: 1, maximum: 1_000_000_000_000, description: '单位：厘（千分之一元），须为整分' }),
  payeeAccountId: Id('收款账户ID'),
  code: SmsCode,
});
export type WithdrawalBody = Static<typeof WithdrawalBody>;

export const Withdrawal = Type.Object({
  id: Type.Integer(),
  mobile: Type.String({ description: '申请人（打码的手机号）' }),
  amount: Money('申请金额'),
  fee: Money('手续费'),
  arrival: Money('实际到账'),
  payeeChannel: Type.String(),
  payeeAccount: Type.String({ description: '收款账号（用户本人看到的打码；运营审核看到完整账号）' }),
  payeeName: Type.String(),
  bankName: Type.String(),
  status: Type.Integer({ description: '0 申请中；1 打款中；2 已到账；3 已驳回；4 已取消' }),
  statusName: Type.String(),
  reason: Type.String({ description: '驳回或打款失败的原因' }),
  gmtCreate: DateTime,
  finishedAt: NullableDateTime,
});
export type Withdrawal = Static<typeof Withdrawal>;

export const WithdrawalListBody = Type.Intersect([
  PageQuery,
  Type.Object({ status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 4 })) }),
]);
export type WithdrawalListBody = Static<typeof WithdrawalListBody>;

export const WithdrawalIdBody = Type.Object({ id: Id('提现记录ID') });
export type WithdrawalIdBody = Static<typeof WithdrawalIdBody>;

export const WithdrawalRejectBody = Type.Object({
  id: Id('提现记录ID'),
  reason: Type.String({ title: '驳回原因', minLength: 1, maxLength: 100 }),
});
export type WithdrawalRejectBody = Static<typeof WithdrawalRejectBody>;

export const BalanceThreshold = Type.Object({
  threshold: Type.Union([Money('余额预警值'), Type.Null()], { description: '未设置为 null' }),
  balance: Money('账户余额'),
});
export type BalanceThreshold = Static<typeof BalanceThreshold>;

export const BalanceThresholdBody = Type.Object({
  threshold: Type.Union([Type.Integer({ title: '预警值', minimum: 1, maximum: 1_000_000_000 }), Type.Null()], {
    description: '单位：厘；null 关闭预警',
  }),
});
export type BalanceThresholdBody = Static<typeof BalanceThresholdBody>;
