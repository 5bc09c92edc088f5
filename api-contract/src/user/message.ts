import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';
import { DateTime } from '../values.js';

export const MessageListBody = Type.Intersect([PageQuery, Type.Object({ isRead: Type.Optional(Type.Boolean({ title: '是否已读' })) })]);
export type MessageListBody = Static<typeof MessageListBody>;

export const UserMessage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  isRead: Type.Boolean(),
  gmtCreate: DateTime,
});
export type UserMessage = Static<typeof UserMessage>;

export const MessageReadBody = Type.Object({ ids: Type.Array(Id('消息ID'), { title: '消息ID列表', minItems: 1, maxItems: 100 }) });
export type MessageReadBody = Static<typeof MessageReadBody>;

export const MessagesRead = Type.Object({ count: Type.Integer({ description: '这次标记为已读的条数' }) });
export type MessagesRead = Static<typeof MessagesRead>;

export const UnreadCount = Type.Object({ num: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;
