import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime } from '../values.js';

/** One web port of the caller's own running instance. */
export const InstancePagePort = Type.Object({
  id: Id('实例ID'),
  port: Type.Integer({ title: '端口', minimum: 1, maximum: 65535 }),
});
export type InstancePagePort = Static<typeof InstancePagePort>;

/** Where the browser opens the port: the instance's own origin, with a single-use ticket that logs the browser in there. */
export const InstancePageTicket = Type.Object({
  url: Type.String({ description: '实例页面地址（独立域名），含一次性凭证：60 秒内有效，只能使用一次' }),
  expiresInSeconds: Type.Integer(),
});
export type InstancePageTicket = Static<typeof InstancePageTicket>;

export const InstanceWebPortsBody = Type.Object({ id: Id('实例ID') });
export type InstanceWebPortsBody = Static<typeof InstanceWebPortsBody>;

/** One web port of the instance: JupyterLab's, one its application serves, or one the owner added (自定义服务). */
export const InstanceWebPort = Type.Object({
  name: Type.String(),
  port: Type.Integer(),
  source: Type.Union([Type.Literal('jupyter'), Type.Literal('app'), Type.Literal('custom')], {
    description: 'jupyter：JupyterLab；app：应用模板的端口；custom：用户添加的自定义服务（可删除）',
  }),
});
export type InstanceWebPort = Static<typeof InstanceWebPort>;

export const AddInstanceWebPortBody = Type.Object({
  id: Id('实例ID'),
  name: Type.String({ title: '服务名称', minLength: 1, maxLength: 20 }),
  port: Type.Integer({ title: '端口', minimum: 1, maximum: 65535 }),
});
export type AddInstanceWebPortBody = Static<typeof AddInstanceWebPortBody>;

export const CreatePageShareBody = Type.Object({
  id: Id('实例ID'),
  port: Type.Integer({ title: '端口', minimum: 1, maximum: 65535 }),
  hours: Type.Integer({ title: '有效期（小时）', description: '1（1 小时）、24（1 天）或 168（7 天）' }),
});
export type CreatePageShareBody = Static<typeof CreatePageShareBody>;

/** A share link of one web port: anyone with it gets in, without an account, until it expires or is revoked. */
export const InstancePageShare = Type.Object({
  id: Type.Integer(),
  port: Type.Integer(),
  name: Type.String({ description: '端口的服务名称' }),
  expiresAt: DateTime,
  gmtCreate: DateTime,
});
export type InstancePageShare = Static<typeof InstancePageShare>;

export const CreatedPageShare = Type.Intersect([
  InstancePageShare,
  Type.Object({ url: Type.String({ description: '分享链接：仅在创建时返回一次（服务器只保存其摘要）' }) }),
]);
export type CreatedPageShare = Static<typeof CreatedPageShare>;

export const RevokePageShareBody = Type.Object({ shareId: Id('分享链接ID') });
export type RevokePageShareBody = Static<typeof RevokePageShareBody>;

/** The caller's own running instance whose image has a remote desktop (/vnc). */
export const DesktopInstance = Type.Object({ id: Id('实例ID') });
export type DesktopInstance = Static<typeof DesktopInstance>;

/**
 * An instance as its pages (网页端口, 远程桌面) show it to a user they are open to: the user's own, or one of a sub-account
 * that shares the user's balance (`owned` false).
 */
export const PageInstance = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer(),
  statusName: Type.String(),
  owned: Type.Boolean({ description: 'false：余额共享子账号的实例（主账号可打开网页、远程桌面与分享，开机与添加端口由子账号操作）' }),
  jupyterPort: Type.Union([Type.Integer(), Type.Null()]),
  jupyterReason: Type.String({ description: '网页端口暂时打不开的原因；可打开时为空' }),
  desktop: Type.Boolean(),
  desktopReason: Type.String({ description: '远程桌面暂时打不开的原因；可打开时为空' }),
});
export type PageInstance = Static<typeof PageInstance>;
