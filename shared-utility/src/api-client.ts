import { ofetch } from 'ofetch';
import { apiCache, cacheKey, serviceOf } from './api-cache';
import { getConfig } from './config';
import { constants, messages } from './constants';
import { bus } from './event-bus';
import { endSession, goToLogin } from './session-end';
import { signOutReason } from './sign-out-reason';
import { storage } from './storage';
import { $token } from './stores';

export type ApiResult<T> = { code: number; data: T; msg: string };

export type CallOptions = {
  /** Toast a non-200 `msg` (default true). */
  errorTip?: boolean;
  /** GET only: false skips the cache, a number is the lifetime in ms (default 300000). */
  cache?: boolean | number;
  signal?: AbortSignal;
  /** Open the login page on codes 300–400 and 401 (default true); the session ends either way. */
  loginRedirect?: boolean;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Spec §8 names codes 300–400; the server contract adds 401 for a missing or expired session. */
function isSessionLost(code: number): boolean {
  return (code >= 300 && code <= 400) || code === 401;
}

const lastTipAt = new Map<string, number>();

function tip(message: string): void {
  if (!message) return;
  const now = Date.now();
  for (const [text, at] of lastTipAt) if (now - at >= constants.errorDedupeMs) lastTipAt.delete(text);
  if (lastTipAt.has(message)) return;
  lastTipAt.set(message, now);
  bus.emit('toast', { type: 'error', message });
}

function networkFailure<T>(): ApiResult<T> {
  return { code: -1, data: null as T, msg: messages.networkFailure };
}

function toEnvelope<T>(body: unknown): ApiResult<T> | null {
  if (typeof body !== 'object' || body === null || !('code' in body) || typeof body.code !== 'number') {
    return null;
  }
  return {
    code: body.code,
    data: ('data' in body ? body.data : null) as T,
    msg: 'msg' in body && typeof body.msg === 'string' ? body.msg : '',
  };
}

async function send<T>(
  method: Method,
  path: string,
  payload: unknown,
  token: string | null,
  signal: AbortSignal | undefined,
): Promise<ApiResult<T>> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, constants.requestTimeout);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort);
  try {
    const body = await ofetch<unknown>(path, {
      baseURL: getConfig().apiBase,
      method,
      headers: token ? { token } : {},
      ...(method === 'GET'
        ? { query: payload as Record<string, unknown> | undefined }
        : { body: payload as BodyInit | Record<string, unknown> | undefined }),
      signal: controller.signal,
      retry: false,
      ignoreResponseError: true,
    });
    return toEnvelope<T>(body) ?? networkFailure<T>();
  } catch {
    return networkFailure<T>();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

async function request<T>(method: Method, path: string, payload: unknown, options: CallOptions = {}): Promise<ApiResult<T>> {
  const { errorTip = true, loginRedirect = true, cache = true, signal } = options;
  const ttl = method !== 'GET' || cache === false ? 0 : cache === true ? constants.apiCacheMs : cache;
  const key = cacheKey(path, payload as Record<string, unknown> | undefined);
  if (ttl > 0) {
    const hit = apiCache.read<ApiResult<T>>(key);
    if (hit) return hit;
  }
  const cacheVersion = apiCache.version;
  const token = $token.get();
  const result = await send<T>(method, path, payload, token, signal);
  const service = serviceOf(path);
  if (method !== 'GET') apiCache.clear(service);

  if (result.code === 200) {
    if (ttl > 0) apiCache.write(key, service, result, ttl, cacheVersion);
  } else if (isSessionLost(result.code)) {
    // A request made with an older token must not end a session started since, in this tab or in another one whose
    // sign-in this tab hears of only by a later storage event: the stored token is the browser's session.
    if (token === null || token === storage.get<string>('RC_WEB_TOKEN')) {
      if (result.code === 304) {
        tip(messages.loggedInElsewhere);
        signOutReason.remember(messages.loggedInElsewhere);
      } else if (errorTip) tip(result.msg);
      if (token !== null) endSession(`code ${result.code}`);
      if (loginRedirect) goToLogin();
    }
  } else if (errorTip && !signal?.aborted) {
    tip(result.msg);
  }
  return result;
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>, options?: CallOptions) => request<T>('GET', path, query, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, body?: unknown, options?: CallOptions) => request<T>('DELETE', path, body, options),
  clearCache: (service?: string) => apiCache.clear(service),
};
