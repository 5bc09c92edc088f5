import { Type, type Static } from 'typebox';
import { LoginPassword, Mobile, Nickname, Password, SmsCode } from '../common.js';
import { UserInfo } from './profile.js';

export const PasswordLoginBody = Type.Object({ mobile: Mobile, password: LoginPassword });
export type PasswordLoginBody = Static<typeof PasswordLoginBody>;

export const CodeLoginBody = Type.Object({ mobile: Mobile, code: SmsCode });
export type CodeLoginBody = Static<typeof CodeLoginBody>;

export const SendCodeBody = Type.Object({
  mobile: Mobile,
  type: Type.Union([Type.Literal('register'), Type.Literal('login'), Type.Literal('reset'), Type.Literal('bind')], {
    title: '验证码类型',
  }),
});
export type SendCodeBody = Static<typeof SendCodeBody>;

/** A code to the signed-in account's own bound mobile, for what needs its owner: payee accounts, withdrawals. */
export const OwnSendCodeBody = Type.Object({
  type: Type.Union([Type.Literal('payee'), Type.Literal('withdraw')], {
    title: '验证码类型',
    description: 'payee 添加或修改收款账户；withdraw 提现',
  }),
});
export type OwnSendCodeBody = Static<typeof OwnSendCodeBody>;

export const RegisterBody = Type.Object({
  mobile: Mobile,
  code: SmsCode,
  password: Password,
  nickname: Type.Optional(Nickname),
  referralCode: Type.Optional(Type.String({ title: '推荐码', pattern: '^[A-Z0-9]{8}$', maxLength: 8 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const ResetPasswordBody = Type.Object({ mobile: Mobile, code: SmsCode, password: Password });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** A new session: password or code login, and registration. */
export const LoginResult = Type.Object({ token: Type.String(), userInfo: UserInfo });
export type LoginResult = Static<typeof LoginResult>;

export const ShopNameQuery = Type.Object({ shopName: Type.String({ title: '店铺名称', minLength: 2, maxLength: 30 }) });
export type ShopNameQuery = Static<typeof ShopNameQuery>;

export const ShopNameAvailability = Type.Object({ available: Type.Boolean() });
export type ShopNameAvailability = Static<typeof ShopNameAvailability>;
