import { apiCache } from './api-cache';
import { getConfig } from './config';
import { constants } from './constants';
import { bus } from './event-bus';
import { $balance, $idCardCheckStatus, $instanceNum, $instanceStatistics, $token, $userInfo, $userMsgNum } from './stores';
import { clearTokenCookie } from './token-cookie';

function clearLocalSession(): void {
  $token.set(null);
  $userInfo.set(null);
  $balance.set(0);
  $idCardCheckStatus.set(0);
  $userMsgNum.set(0);
  $instanceNum.set(0);
  $instanceStatistics.set(null);
  clearTokenCookie();
  apiCache.clear();
}

// Every tab, this one included, clears its session when any tab ends it.
bus.on('session:logout', clearLocalSession);

export function endSession(reason: string): void {
  bus.emit('session:logout', { reason });
}

export function goToLogin(): void {
  if (location.pathname !== '/login') getConfig().navigate(constants.loginUrl);
}
