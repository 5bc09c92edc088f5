import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime, Money, NullableDateTime } from '../values.js';
import { InstanceId } from './compute.js';

export const InstanceEventsBody = Type.Intersect([
  PageQuery,
  Type.Object({
    id: InstanceId,
    bill: Type.Optional(Id('账单明细ID：只列出该扣费行及其之前的记录（为什么扣了这笔费）')),
  }),
]);
export type InstanceEventsBody = Static<typeof InstanceEventsBody>;

/** One line of an instance's 状态记录: a state change (who or what caused it), or a charge or refund between them. */
export const InstanceRecord = Type.Object({
  type: Type.Union([Type.Literal('event'), Type.Literal('charge')]),
  id: Type.Integer(),
  name: Type.String({ description: '事件名称（开机、关机、转换计费…）或计费类型' }),
  actor: Type.String({ description: '用户本人、系统；计费行为空' }),
  fromStatus: Type.Union([Type.Integer(), Type.Null()]),
  toStatus: Type.Union([Type.Integer(), Type.Null()]),
  statusName: Type.String({ description: '事件后的状态名称；计费行为空' }),
  amount: Money('扣费为正，退款为负；状态变化为0'),
  periodStart: NullableDateTime,
  periodEnd: NullableDateTime,
  note: Type.String(),
  gmtCreate: DateTime,
});
export type InstanceRecord = Static<typeof InstanceRecord>;
