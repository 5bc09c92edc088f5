import { Type, type Static } from 'typebox';

/**
 * `GET /apis/user/auth/events`: EventSource cannot send headers, and a URL reaches access logs, so the stream is opened
 * with a single-use ticket (`POST /apis/user/auth/events/ticket`), never the session token.
 */
export const EventStreamQuery = Type.Object({
  ticket: Type.Optional(Type.String({ description: '推送票据（一次性，60 秒内有效；EventSource 无法携带请求头）' })),
  lastEventId: Type.Optional(Type.String({ description: '重新连接时收到的最后一个事件ID（同 Last-Event-ID 请求头）' })),
});
export type EventStreamQuery = Static<typeof EventStreamQuery>;

export const EventStreamTicket = Type.Object({
  ticket: Type.String({ description: '打开一次推送连接用的票据，用后即废' }),
  expiresInSeconds: Type.Integer({ description: '票据有效期（秒）' }),
});
export type EventStreamTicket = Static<typeof EventStreamTicket>;

export const BalancePush = Type.Object({ balance: Type.Integer({ description: '可用余额（千分之一元），同「实时余额」' }) });
export type BalancePush = Static<typeof BalancePush>;

export const InstanceStatusChange = Type.Object({
  id: Type.Integer({ description: '实例ID' }),
  status: Type.Integer({ description: '实例状态' }),
  nextStatus: Type.Union([Type.Integer(), Type.Null()], { description: '进行中的操作完成后的状态' }),
});
export type InstanceStatusChange = Static<typeof InstanceStatusChange>;

export const InstancesPush = Type.Object({
  totalContainer: Type.Integer({ description: '实例数（同「实例统计」）' }),
  changed: Type.Array(InstanceStatusChange, { description: '这次变化了的实例及其现在的状态' }),
});
export type InstancesPush = Static<typeof InstancesPush>;

export const MessagesPush = Type.Object({ num: Type.Integer({ description: '未读消息数' }) });
export type MessagesPush = Static<typeof MessagesPush>;

export const UploadPush = Type.Object({
  uploadId: Type.Union([Type.String(), Type.Null()], { description: '服务器分配的上传ID（按 MD5 续传的上传为 null）' }),
  md5: Type.String(),
  fileName: Type.String(),
  status: Type.Union([Type.Literal('merged'), Type.Literal('failed')], { description: 'merged 已合并入库；failed 校验失败' }),
});
export type UploadPush = Static<typeof UploadPush>;

export const ExamDeadlinePush = Type.Object({
  attemptId: Type.Integer({ description: '答卷ID' }),
  examId: Type.Integer({ description: '考试ID' }),
  status: Type.Integer({ description: '答卷状态：1 作答中，2 已交卷待批阅，3 已批阅' }),
  deadlineAt: Type.String({ format: 'date-time', description: '现在的截止时间（服务端时钟，已含延长时间）' }),
  extraMinutes: Type.Integer({ description: '截止时间所含的延长时间（分钟）' }),
});
export type ExamDeadlinePush = Static<typeof ExamDeadlinePush>;

export const SnapshotPush = Type.Object({ balance: Type.Integer(), totalContainer: Type.Integer(), num: Type.Integer() });
export type SnapshotPush = Static<typeof SnapshotPush>;

export const SessionPush = Type.Object({
  reason: Type.Union([Type.Literal('logout'), Type.Literal('superseded'), Type.Literal('expired')], {
    description: 'logout 已退出或密码已改；superseded 已在别处登录；expired 已过期',
  }),
});
export type SessionPush = Static<typeof SessionPush>;

/** Each SSE event's name and the JSON of its `data:` line. */
export interface PushEvents {
  /** The current counters: first on a new stream, and when a resumed one cannot be continued. */
  snapshot: SnapshotPush;
  balance: BalancePush;
  instances: InstancesPush;
  messages: MessagesPush;
  uploads: UploadPush;
  /** A running exam attempt's deadline moved (a teacher granted or withdrew extra time). */
  examDeadline: ExamDeadlinePush;
  /** The stream's session ended; the stream closes after it. */
  session: SessionPush;
}

export const EventStreamDescription =
  'text/event-stream（Server-Sent Events）：先发 retry，随后 snapshot（或按 Last-Event-ID 补发错过的事件），' +
  '之后 balance、instances、messages、uploads、examDeadline 各事件的 data 为 JSON；每隔一段时间发一行注释保活；会话结束时发 session 后关闭。';
