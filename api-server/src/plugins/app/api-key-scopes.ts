import type { ApiKeyScope } from '@rc/api-contract/user/api-key';
import { apiKeyScopeNames, type SessionUser } from '../../accounts/index.js';
import { forbidden } from '../../errors.js';

/**
 * What an API key may do on one `/auth/` route: `anyOf` lists the scopes of which the key needs one, `session` means
 * a signed-in session only (keys, account, password and security calls).
 */
export type KeyAccess = { anyOf: ApiKeyScope[] } | 'session';

/**
 * The area of each `/auth/` path, first match wins: an area's scope allows all its calls, 只读 allows the reading ones;
 * `content` (community, learning, messages) is read with 只读 and written only by a session; `any key` takes any scope.
 */
type Area = 'instance' | 'storage' | 'billing' | 'content' | 'session' | 'any key';
const areas: Array<[RegExp, Area]> = [
  [/^\/apis\/user\/auth\/user\/apikey\/whoami$/, 'any key'],
  [/^\/apis\/user\/auth\/user\/apikey\//, 'session'],
  [/^\/apis\/user\/auth\/user\/(logout|send\/code|certification|cancel\/certification|credential\/)/, 'session'],
  [/^\/apis\/user\/auth\/user\/ext\/(update|add\/sub\/user|list\/sub\/user)/, 'session'],
  [/^\/apis\/user\/auth\/user\/account\/(payee|extract)\//, 'session'],
  [/^\/apis\/user\/auth\/events/, 'session'],
  [/\/review\//, 'session'],
  [/^\/apis\/user\/auth\/voucher\/batch\//, 'session'],
  [/^\/apis\/user\/auth\/(bill|invoice|recharge|voucher)\//, 'billing'],
  [/^\/apis\/user\/auth\/order\/(list|view|bill\/)/, 'billing'],
  [/^\/apis\/user\/auth\/user\/ext\/sub\/instance\//, 'instance'],
  [/^\/apis\/user\/auth\/user\/(income\/|account\/view|ext\/get\/realtime\/balance|ext\/balance\/|ext\/sub\/)/, 'billing'],
  [/^\/apis\/user\/auth\/(order\/|user\/instance\/|user\/ssh\/key\/|user\/storage\/|user\/sys\/config)/, 'instance'],
  [/^\/apis\/(container|node|image|hpc)\/auth\//, 'instance'],
  [/^\/apis\/application\/auth\/app\/(instance\/template|launch)\//, 'instance'],
  [/^\/apis\/data\/auth\/(dataset|my-dataset|mount|task|download|share)\//, 'storage'],
  [/^\/apis\/(net-disk|cloud-net-disk|orion)\/auth\//, 'storage'],
  [/^\/apis\/user\/auth\/dashboard\/storage/, 'storage'],
  [/^\/apis\/(community|course|exam|vod|application|system|data)\/auth\//, 'content'],
  [/^\/apis\/user\/auth\/(msg|lecturer)\//, 'content'],
  [/^\/apis\/user\/auth\/user\/ext\/view$/, 'content'],
];

/** The last path words of calls that only read, whatever their method (the spec reads with POST as often as with GET). */
const readingWords = new Set(
  'list view get page statistics num used preview quote estimate options summary tips brief overview templates products amount orders lines daily running events metrics myself byuser list-enable score grade all files storage download pdf userDirs allSys'.split(
    ' ',
  ),
);
/** Reading calls whose last word does not say so. */
const readingPaths = new Set(['/apis/user/auth/user/sys/config']);

function reads(method: string, url: string) {
  if (method === 'GET' || method === 'HEAD' || readingPaths.has(url)) return true;
  const words = url.split('/').filter((word) => word && !word.startsWith(':'));
  return readingWords.has(words.at(-1)!);
}

/** The access an API key has to a route, decided from its method and path; undefined when no area names the path. */
export function keyAccessOf(method: string, url: string): KeyAccess | undefined {
  const area = areas.find(([pattern]) => pattern.test(url))?.[1];
  if (area === undefined || area === 'session') return area;
  if (area === 'any key') return { anyOf: ['read', 'instance', 'storage', 'billing'] };
  const reading = reads(method, url);
  if (area === 'content') return reading ? { anyOf: ['read'] } : 'session';
  return { anyOf: reading ? ['read', area] : [area] };
}

/** Refuses a key the route's access does not cover; a session passes. */
export function checkKeyAccess(user: SessionUser, access: KeyAccess) {
  const key = user.apiKey;
  if (!key) return;
  if (access === 'session') throw forbidden('API 密钥不能调用此接口：账号、安全与密钥管理只能在登录网页后操作');
  if (access.anyOf.some((scope) => key.scopes.includes(scope))) return;
  const names = access.anyOf.map((scope) => `「${apiKeyScopeNames[scope]}」`).join('或');
  throw forbidden(`此 API 密钥没有${names}权限，请使用带有该权限的密钥`);
}

/** How the OpenAPI document names a route's key access. */
export function keyAccessText(access: KeyAccess) {
  if (access === 'session') return 'API 密钥不可调用（仅限登录会话）';
  return `API 密钥需要权限：${access.anyOf.map((scope) => apiKeyScopeNames[scope]).join(' 或 ')}`;
}
