import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money } from '../values.js';

const SubUserId = Id('子账号ID');

export const SubAccountMoneyBody = Type.Object({ subUserId: SubUserId });
export type SubAccountMoneyBody = Static<typeof SubAccountMoneyBody>;

export const SubAccountMoney = Type.Object({
  subUserId: Type.Integer(),
  balance: Money('子账号自己的余额'),
  shareBalance: Type.Boolean(),
  monthlyBudget: Type.Union([Money('月度预算'), Type.Null()], { description: '未设置为 null' }),
  chargedThisMonth: Money('本月已消费'),
});
export type SubAccountMoney = Static<typeof SubAccountMoney>;

export const SubAccountTransferBody = Type.Object({
  subUserId: SubUserId,
  amount: Type.Integer({ title: '金额', minimum: 10, maximum: 1_000_000_000_000, description: '单位：厘（千分之一元），须为整分' }),
});
export type SubAccountTransferBody = Static<typeof SubAccountTransferBody>;

export const SubAccountTransfer = Type.Object({
  id: Type.Integer(),
  amount: Money('正数为划拨给子账号，负数为从子账号回收'),
  gmtCreate: DateTime,
});
export type SubAccountTransfer = Static<typeof SubAccountTransfer>;

export const SubAccountTransferLogBody = Type.Intersect([PageQuery, Type.Object({ subUserId: SubUserId })]);
export type SubAccountTransferLogBody = Static<typeof SubAccountTransferLogBody>;

export const SubAccountBudgetBody = Type.Object({
  subUserId: SubUserId,
  monthlyBudget: Type.Union([Type.Integer({ title: '月度预算', minimum: 10, maximum: 1_000_000_000_000 }), Type.Null()], {
    description: '单位：厘；null 取消预算',
  }),
});
export type SubAccountBudgetBody = Static<typeof SubAccountBudgetBody>;
