import type { ApiKeyCreated, ApiKeyScope } from '@rc/api-contract/user/api-key';

/** Calls a test makes to the server itself (setting up, and checking what the command did), with a session token. */
export const demoAccounts = { user: '13800000001', teacher: '13800000002' } as const;
const demoPassword = 'Demo@2026';

export async function apiCall<T>(url: string, route: string, body: unknown, token: string): Promise<T> {
  const answer = await envelope<T>(url, route, body, token);
  if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

export async function apiGet<T>(url: string, route: string, token: string): Promise<T> {
  const answer = (await (await fetch(`${url}/apis${route}`, { headers: { token } })).json()) as { code: number; data: T; msg: string };
  if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The whole answer, refusals included: what the server says to the same call the command made. */
export async function envelope<T>(url: string, route: string, body: unknown, token: string) {
  const response = await fetch(`${url}/apis${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: T; msg: string };
}

export async function logIn(url: string, mobile: string): Promise<string> {
  return (await apiCall<{ token: string }>(url, '/user/api/user/login/password', { mobile, password: demoPassword }, '')).token;
}

/** A new API key of the session's account, created as the 「API 密钥」 page does. */
export async function newApiKey(url: string, token: string, scopes: ApiKeyScope[] = ['read', 'instance', 'storage', 'billing']) {
  const created = await apiCall<ApiKeyCreated>(url, '/user/auth/user/apikey/create', { name: 'suanli 测试', scopes, expiry: '30d' }, token);
  return { key: created.key, id: created.view.id };
}
