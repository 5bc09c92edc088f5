import { loginWith, type LoginResult } from '@rc/shared-utility';
import { urlAfterLogin } from '../routing/auth-guard';
import { navigate } from '../routing/location';

/** Stores the session and returns to the page the user was on before logging in. */
export function finishLogin(result: LoginResult): void {
  loginWith(result);
  navigate(urlAfterLogin(), { replace: true });
}
