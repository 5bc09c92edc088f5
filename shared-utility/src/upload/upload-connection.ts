import { getConfig } from '../config';
import { messages } from '../constants';
import { $token, $userInfo } from '../stores';
import type { ApiResult } from '../api-client';

/** Where upload calls go and with which token: the portal's by default, the element's attributes when embedded. */
export interface UploadConnection {
  apiBase(): string;
  token(): string | null;
  /** Who is signed in, so that saved items come back only for their own account. */
  owner(): string;
}

export const portalConnection: UploadConnection = {
  apiBase: () => getConfig().apiBase,
  token: () => $token.get(),
  owner: () => String($userInfo.get()?.id ?? ''),
};

/** Thrown for a chunk request that got no envelope (network failure, dropped connection, timeout). */
export class TransportError extends Error {}

function absoluteBase(connection: UploadConnection): URL {
  return new URL(connection.apiBase().replace(/\/?$/, '/'), globalThis.location?.href);
}

/** `path` under the API base (`/orion/...`), or a server-given absolute path (`/apis/...` presigned URLs). */
export function apiUrl(connection: UploadConnection, path: string, absolutePath = false): string {
  const base = absoluteBase(connection);
  return absolutePath ? new URL(path, base).href : new URL(path.replace(/^\//, ''), base).href;
}

/** One call answered with the `{ code, data, msg }` envelope; never throws (network failure is code -1). */
export async function callApi<T>(
  connection: UploadConnection,
  init: { method: 'POST' | 'PUT'; url: string; body: BodyInit; json?: boolean; signal?: AbortSignal },
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  const token = connection.token();
  if (token) headers.token = token;
  if (init.json) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(init.url, { method: init.method, headers, body: init.body, signal: init.signal });
    const body = (await response.json()) as Partial<ApiResult<T>>;
    if (typeof body.code !== 'number') throw new TransportError('no envelope');
    return { code: body.code, data: body.data as T, msg: body.msg ?? '' };
  } catch {
    return { code: -1, data: null as T, msg: messages.networkFailure };
  }
}

export const postJson = <T>(connection: UploadConnection, path: string, body: unknown, signal?: AbortSignal) =>
  callApi<T>(connection, { method: 'POST', url: apiUrl(connection, path), body: JSON.stringify(body), json: true, signal });
