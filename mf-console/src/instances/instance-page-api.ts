import { api } from '@rc/shared-utility';
import type { InstancePageTicket } from '@rc/api-contract/user/instance-pages';

/** A single-use ticket (60 s) that opens a port of the user's running instance on the instance's own origin. */
const instancePageTicket = (id: number, port: number) =>
  api.post<InstancePageTicket>('/user/auth/user/instance/page/ticket', { id, port }, { cache: false });

/**
 * Opens the instance's port in a new tab that this page cannot reach and that cannot reach it (no opener, no
 * referrer): it runs the instance's own code. A refusal is toasted by the API client.
 */
export async function openInstancePage(id: number, port: number): Promise<void> {
  const answer = await instancePageTicket(id, port);
  if (answer.code === 200) window.open(answer.data.url, '_blank', 'noopener,noreferrer');
}
