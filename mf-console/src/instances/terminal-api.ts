import { api } from '@rc/shared-utility';
import type { TerminalTicket } from '@rc/api-contract/user/web-terminal';

/** A one-time ticket (30 s) for the instance's terminal; the refusal is shown on the screen, not as a toast. */
export const terminalTicket = (id: number) =>
  api.post<TerminalTicket>('/user/auth/user/instance/terminal/ticket', { id }, { errorTip: false });

/** Where the terminal's WebSocket opens: this origin, the ticket in the path, the first size in the query. */
export function terminalSocketUrl(ticket: string, size: { cols: number; rows: number }) {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/apis/user/instance/terminal/${encodeURIComponent(ticket)}?cols=${size.cols}&rows=${size.rows}`;
}
