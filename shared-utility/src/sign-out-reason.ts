const key = 'RC_SIGN_OUT_REASON';

/**
 * Why this tab's session was ended by the server (code 304: signed in elsewhere), kept in sessionStorage so the login
 * page still says it after a reload, until the next login.
 */
export const signOutReason = {
  remember: (text: string) => sessionStorage.setItem(key, text),
  read: (): string | null => sessionStorage.getItem(key),
  forget: () => sessionStorage.removeItem(key),
};
