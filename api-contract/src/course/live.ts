import { Type, type Static } from 'typebox';
import { Id, PageQuery } from '../common.js';

const Link = (title: string) =>
  Type.String({ title, minLength: 8, maxLength: 500, pattern: '^https?://\\S+$', description: '应为 http:// 或 https:// 开头的链接' });

export const ChannelSaveBody = Type.Object({
  name: Type.String({ title: '频道名称', minLength: 1, maxLength: 40 }),
  platform: Type.String({ title: '直播平台', maxLength: 30, default: '' }),
  url: Link('直播间链接'),
});
export type ChannelSaveBody = Static<typeof ChannelSaveBody>;

export const ChannelUpdateBody = Type.Intersect([Type.Object({ id: Id('频道编号') }), ChannelSaveBody]);
export type ChannelUpdateBody = Static<typeof ChannelUpdateBody>;

/** A teacher's channel: a room on an external live platform (nothing is streamed here). */
export const ChannelView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  platform: Type.String(),
  url: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ChannelView = Static<typeof ChannelView>;

export const LiveIdBody = Type.Object({ id: Id('编号') });
export type LiveIdBody = Static<typeof LiveIdBody>;

export const LiveSaveBody = Type.Object({
  courseId: Id('课程'),
  title: Type.String({ title: '直播标题', minLength: 1, maxLength: 80 }),
  startsAt: Type.String({ title: '开始时间', format: 'date-time' }),
  endsAt: Type.String({ title: '结束时间', format: 'date-time' }),
  /** The room's link; may be left out when a channel is chosen (its link is used). */
  url: Type.Optional(Type.Union([Link('直播链接'), Type.Literal('')])),
  channelId: Type.Optional(Type.Union([Id('直播频道'), Type.Null()])),
});
export type LiveSaveBody = Static<typeof LiveSaveBody>;

export const LiveUpdateBody = Type.Intersect([Type.Object({ id: Id('直播编号') }), LiveSaveBody]);
export type LiveUpdateBody = Static<typeof LiveUpdateBody>;

export const LiveListBody = PageQuery;
export type LiveListBody = Static<typeof LiveListBody>;

/** A scheduled live session of a course. `state`: upcoming 未开始, live 直播中, ended 已结束. */
export const LiveView = Type.Object({
  id: Type.Integer(),
  courseId: Type.Integer(),
  courseName: Type.String(),
  title: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  url: Type.String(),
  channelId: Type.Union([Type.Integer(), Type.Null()]),
  channelName: Type.String(),
  platform: Type.String(),
  state: Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]),
});
export type LiveView = Static<typeof LiveView>;

/** A course of mine a session can be scheduled for. */
export const LiveCourseOption = Type.Object({ id: Type.Integer(), courseName: Type.String(), status: Type.Integer() });
export type LiveCourseOption = Static<typeof LiveCourseOption>;
