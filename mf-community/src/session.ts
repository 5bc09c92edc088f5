import { useSyncExternalStore } from 'react';
import { $isLoggedIn, constants } from '@rc/shared-utility';

/** Whether someone is signed in, re-rendering when that changes. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore($isLoggedIn.listen, $isLoggedIn.get);
}

/** The login page; the shell remembers the page the visitor came from and returns there. */
export const loginUrl = constants.loginUrl;
