import { useSyncExternalStore } from 'react';
import { $isLoggedIn, $userInfo, constants, type UserInfo } from '@rc/shared-utility';

/** Whether someone is signed in, re-rendering when that changes. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore($isLoggedIn.listen, $isLoggedIn.get);
}

/** The signed-in user, or null. */
export function useCurrentUser(): UserInfo | null {
  return useSyncExternalStore($userInfo.listen, $userInfo.get);
}

/** The login page; the shell remembers the page the visitor came from and returns there. */
export const loginUrl = constants.loginUrl;
