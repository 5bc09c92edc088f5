import { useSyncExternalStore } from 'react';
import { $isLoggedIn } from './stores';

/** Whether someone is signed in, re-rendering when that changes. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore($isLoggedIn.listen, $isLoggedIn.get);
}
