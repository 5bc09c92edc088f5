import { Type, type Static } from 'typebox';

/** One web port of the caller's own running instance. */
export const InstancePagePort = Type.Object({
  id: Type.Integer({ title: '实例ID', minimum: 1 }),
  port: Type.Integer({ title: '端口', minimum: 1, maximum: 65535 }),
});
export type InstancePagePort = Static<typeof InstancePagePort>;

/** Where the browser opens the port: the instance's own origin, with a single-use ticket that logs the browser in there. */
export const InstancePageTicket = Type.Object({
  url: Type.String({ description: '实例页面地址（独立域名），含一次性凭证：60 秒内有效，只能使用一次' }),
  expiresInSeconds: Type.Integer(),
});
export type InstancePageTicket = Static<typeof InstancePageTicket>;

/** The caller's own running instance whose image has a remote desktop (/vnc). */
export const DesktopInstance = Type.Object({ id: Type.Integer({ title: '实例ID', minimum: 1 }) });
export type DesktopInstance = Static<typeof DesktopInstance>;
