import { api } from './api-client';
import { bus } from './event-bus';
import { endSession, goToLogin } from './session-end';
import { $balance, $idCardCheckStatus, $instanceNum, $instanceStatistics, $token, $userInfo, $userMsgNum } from './stores';
import { setTokenCookie } from './token-cookie';
import { signOutReason } from './sign-out-reason';
import type { UnreadCount } from '@rc/api-contract/user/message';
import type { RealtimeBalance } from '@rc/api-contract/user/profile';
import type { InstanceStatistics, LoginResult, UserInfo } from './types';

const silent = { errorTip: false, cache: false } as const;

function applyUserInfo(userInfo: UserInfo): void {
  $userInfo.set(userInfo);
  $balance.set(userInfo.nowMoney);
  $idCardCheckStatus.set(userInfo.idCardCheckStatus);
}

export function loginWith({ token, userInfo }: LoginResult): void {
  api.clearCache();
  signOutReason.forget();
  $token.set(token);
  setTokenCookie(token);
  applyUserInfo(userInfo);
  bus.emit('session:login', { userInfo });
}

/** Ends the session in every tab; by default tells the server first and then opens the login page. */
export async function logout({ callServer = true, redirect = true }: { callServer?: boolean; redirect?: boolean } = {}): Promise<void> {
  if (callServer && $token.get()) {
    await api.get('/user/auth/user/logout', undefined, { ...silent, loginRedirect: false });
  }
  endSession('logout');
  if (redirect) goToLogin();
}

/** Reloads the user info; codes 300–400 (handled by the API client) and 999 send the user to login. */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  if (!$token.get()) return null;
  const result = await api.post<UserInfo>('/user/auth/user/ext/view', undefined, silent);
  if (result.code === 200) {
    applyUserInfo(result.data);
    return result.data;
  }
  if (result.code === 999) {
    endSession('code 999');
    goToLogin();
  }
  return null;
}

/** The counters' load of this page and the session it was for: whoever needs them during a page load shares it. */
let loaded: { token: string; load: Promise<void> } | null = null;

/**
 * Unread messages, instance statistics and balance for the header and the console's home, loaded again: after
 * something changed them. Failures keep the old values (instances read 0).
 */
export function refreshCounters(): Promise<void> {
  const token = $token.get();
  if (!token) return Promise.resolve();
  const load = fetchCounters();
  loaded = { token, load };
  return load;
}

/** The counters once per page load and session: the shell and the screen that shows them share one load. */
export function loadCounters(): Promise<void> {
  return loaded && loaded.token === $token.get() ? loaded.load : refreshCounters();
}

async function fetchCounters(): Promise<void> {
  const [messages, instances, balance] = await Promise.all([
    api.post<UnreadCount>('/user/auth/msg/user/num', undefined, silent),
    api.get<InstanceStatistics>('/container/auth/statistics', undefined, silent),
    api.get<RealtimeBalance>('/user/auth/user/ext/get/realtime/balance', undefined, silent),
  ]);
  if (messages.code === 200) $userMsgNum.set(messages.data.num);
  $instanceNum.set(instances.code === 200 ? instances.data.totalContainer : 0);
  $instanceStatistics.set(instances.code === 200 ? instances.data : null);
  if (balance.code === 200) $balance.set(balance.data.balance);
}

bus.on('counters:changed', () => void refreshCounters());
// A pushed change of instance state leaves the statistics by state behind: the next screen showing them loads again.
bus.on('instances:changed', () => (loaded = null));
