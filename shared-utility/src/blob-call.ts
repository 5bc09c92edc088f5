import type { ApiResult } from './api-client';
import { getConfig } from './config';
import { messages } from './constants';
import { bus } from './event-bus';
import { $token } from './stores';

/**
 * POSTs a JSON body with the session token to a call that answers bytes (an image to show, not a
 * download to save). A refusal still comes as the `{ code, data, msg }` envelope and is toasted.
 */
export async function postForBlob(path: string, body: unknown): Promise<ApiResult<Blob | null>> {
  const token = $token.get();
  try {
    const response = await fetch(`${getConfig().apiBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      const answer = (await response.json()) as ApiResult<null>;
      if (answer.msg) bus.emit('toast', { type: 'error', message: answer.msg });
      return { code: answer.code, data: null, msg: answer.msg };
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { code: 200, data: await response.blob(), msg: '' };
  } catch {
    return { code: -1, data: null, msg: messages.networkFailure };
  }
}
