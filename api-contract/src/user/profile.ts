import { Type, type Static } from 'typebox';
import { Nickname } from '../common.js';
import { DateTime, Money } from '../values.js';

/** The signed-in user as every screen sees it (login answers it with the token). */
export const UserInfo = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  mobile: Type.String({ description: '打码的手机号，如 138****0000' }),
  headImgUrl: Type.String(),
  userType: Type.Integer({ description: '1 普通用户；2 教师；3 组织' }),
  isTeacher: Type.Boolean(),
  isGradeAdmin: Type.Boolean(),
  isOperator: Type.Boolean({ description: '运营人员：审核充值、发票与提现' }),
  expireTime: Type.Union([DateTime, Type.Null()]),
  idCardCheckStatus: Type.Integer({ description: '0 未实名；1 已实名' }),
  realName: Type.Union([Type.String(), Type.Null()]),
  idCard: Type.Union([Type.String(), Type.Null()], { description: '打码的身份证号' }),
  videoPermission: Type.Boolean(),
  nowMoney: Money('可用余额（子账号共享主账号余额时为主账号余额）'),
  zhisuanStatus: Type.Integer(),
  chaosuanStatus: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()], { description: '子账号的主账号ID；主账号为 null' }),
  shareBalance: Type.Boolean(),
  referralCode: Type.String(),
  token: Type.Optional(Type.String({ description: '当前会话的令牌（仅查看当前用户信息时返回）' })),
});
export type UserInfo = Static<typeof UserInfo>;

export const ProfileUpdateBody = Type.Object({
  nickname: Type.Optional(Nickname),
  headImgUrl: Type.Optional(
    Type.String({ title: '头像地址', maxLength: 500, pattern: '^(https?://|/)\\S*$', description: '应为 http(s) 地址或站内路径' }),
  ),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const RealtimeBalance = Type.Object({ balance: Money('可用余额') });
export type RealtimeBalance = Static<typeof RealtimeBalance>;

export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  amount: Money('入账为正，扣费为负'),
  balanceAfter: Money('入账后的余额'),
  kind: Type.String(),
  note: Type.String(),
  gmtCreate: DateTime,
});
export type LedgerEntry = Static<typeof LedgerEntry>;

export const AccountOverview = Type.Object({
  balance: Money('可用余额'),
  ownBalance: Money('本账户余额'),
  sharedFromMainAccount: Type.Boolean({ description: '子账号正在使用主账号的余额' }),
  totalRecharge: Money('累计充值'),
  totalConsume: Money('累计消费'),
  recentEntries: Type.Array(LedgerEntry, { description: '最近10条流水' }),
  incomeBalance: Money('可提现收益（与充值余额分开，不可用于消费）'),
  incomeHeld: Money('待结算收益'),
});
export type AccountOverview = Static<typeof AccountOverview>;

/** The pricing settings by key (`priceCalc`, `dataDiskPrice`, `sysConfigPrice`…), each the JSON stored for it. */
export const SysConfig = Type.Record(Type.String(), Type.Unknown());
export type SysConfig = Static<typeof SysConfig>;

export const CertificationBody = Type.Object({
  realName: Type.String({ title: '真实姓名', pattern: '^[\\u4e00-\\u9fa5·]{2,20}$', maxLength: 20, description: '应为2-20个汉字' }),
  idCard: Type.String({ title: '身份证号', pattern: '^\\d{17}[\\dXx]$', maxLength: 18, description: '应为18位身份证号码' }),
});
export type CertificationBody = Static<typeof CertificationBody>;
