import { Type, type Static } from 'typebox';

export const Mobile = Type.String({ title: '手机号', pattern: '^1[3-9]\\d{9}$', maxLength: 11, description: '请输入11位中国大陆手机号' });
export const Password = Type.String({
  title: '密码',
  minLength: 8,
  maxLength: 20,
  pattern: '^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]+$',
  description: '需为8-20位，且同时包含字母和数字',
});
export const LoginPassword = Type.String({ title: '密码', minLength: 1, maxLength: 64 });
export const SmsCode = Type.String({ title: '验证码', pattern: '^\\d{6}$', maxLength: 6, description: '应为6位数字' });
export const Nickname = Type.String({ title: '昵称', minLength: 1, maxLength: 40 });
export const Id = (title: string) => Type.Integer({ title, minimum: 1, maximum: 2_147_483_647 });

export const PageQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 10 })),
});
export type PageQuery = Static<typeof PageQuery>;
