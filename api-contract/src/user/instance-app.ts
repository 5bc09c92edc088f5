import { Type, type Static } from 'typebox';
import { Id } from '../common.js';

/**
 * The application an instance was deployed from, and its service: the start command runs inside the instance,
 * restarted when it exits. state: starting 启动中, running 运行中 (the readiness check passes), failed 启动失败
 * (it keeps exiting), idle 未运行 (the instance does not run, or the pool runs no containers; see reason).
 */
export const InstanceAppView = Type.Object({
  appId: Type.Integer(),
  appName: Type.String(),
  state: Type.Union([Type.Literal('starting'), Type.Literal('running'), Type.Literal('failed'), Type.Literal('idle')]),
  stateName: Type.String({ description: '启动中、运行中、启动失败、未运行' }),
  reason: Type.String({ description: '启动失败或未运行的原因；否则为空' }),
  restarts: Type.Integer({ description: '本次开机后服务退出并被重启的次数' }),
  logTail: Type.Array(Type.String(), { description: '启动失败时日志的最后几行；否则为空' }),
  openPort: Type.Union([Type.Integer(), Type.Null()], {
    description: '应用网页的端口（模板的第一个 HTTP 端口），运行中时经实例页面域名打开；否则为 null',
  }),
});
export type InstanceAppView = Static<typeof InstanceAppView>;

/** The last lines of the service's log. */
export const AppLogView = Type.Object({
  lines: Type.Array(Type.String()),
  truncated: Type.Boolean({ description: '日志比这里显示的更长（可下载完整日志）' }),
});
export type AppLogView = Static<typeof AppLogView>;

/** The log's download: a form post (the session token in a hidden field) the browser saves. */
export const AppLogDownloadBody = Type.Object({ id: Type.Union([Id('实例ID'), Type.String({ pattern: '^[1-9]\\d{0,9}$' })]) });
export type AppLogDownloadBody = Static<typeof AppLogDownloadBody>;
