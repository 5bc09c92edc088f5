import { Type, type Static } from 'typebox';
import { Id, Mobile, Nickname, Password, SmsCode } from '../common.js';
import { DateTime, Money } from '../values.js';

const SubUserId = Id('子账号ID');

export const SubUser = Type.Object({
  id: Type.Integer(),
  mobile: Type.String({ description: '打码的手机号' }),
  nickname: Type.String(),
  shareBalance: Type.Boolean({ description: '是否共享主账号余额' }),
  balance: Money('子账号自己的余额'),
  gmtCreate: DateTime,
});
export type SubUser = Static<typeof SubUser>;

export const AddSubUserBody = Type.Object({ mobile: Mobile, code: SmsCode, password: Password, nickname: Type.Optional(Nickname) });
export type AddSubUserBody = Static<typeof AddSubUserBody>;

export const AddedSubUser = Type.Object({
  id: Type.Integer(),
  mobile: Type.String(),
  nickname: Type.String(),
  shareBalance: Type.Boolean(),
});
export type AddedSubUser = Static<typeof AddedSubUser>;

export const SubUserShareBody = Type.Object({ subUserId: SubUserId, shareBalance: Type.Boolean({ title: '共享余额' }) });
export type SubUserShareBody = Static<typeof SubUserShareBody>;

export const SubUserShare = Type.Object({ id: Type.Integer(), shareBalance: Type.Boolean() });
export type SubUserShare = Static<typeof SubUserShare>;

export const SubUserMobileBody = Type.Object({ subUserId: SubUserId, mobile: Mobile, code: SmsCode });
export type SubUserMobileBody = Static<typeof SubUserMobileBody>;

export const SubUserMobile = Type.Object({ id: Type.Integer(), mobile: Type.String({ description: '打码的新手机号' }) });
export type SubUserMobile = Static<typeof SubUserMobile>;

export const SubUserPasswordBody = Type.Object({ subUserId: SubUserId, password: Password });
export type SubUserPasswordBody = Static<typeof SubUserPasswordBody>;
