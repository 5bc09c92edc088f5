import { Type, type Static } from 'typebox';

/** A one-time ticket that opens the instance's web terminal at `ws(s)://<origin>/apis/user/instance/terminal/<ticket>`. */
export const TerminalTicket = Type.Object({
  ticket: Type.String({ description: '一次性凭证：30 秒内用于打开一次终端连接' }),
  expiresInSeconds: Type.Integer(),
});
export type TerminalTicket = Static<typeof TerminalTicket>;

/** The terminal's size when it opens (the WebSocket's query); later sizes come as `{"type":"resize","cols":N,"rows":M}` text frames. */
export const TerminalSizeQuery = Type.Object({
  cols: Type.Integer({ title: '列数', minimum: 1, maximum: 1000, default: 80 }),
  rows: Type.Integer({ title: '行数', minimum: 1, maximum: 1000, default: 24 }),
});
export type TerminalSizeQuery = Static<typeof TerminalSizeQuery>;
