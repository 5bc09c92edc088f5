export type StorageKey = 'RC_WEB_TOKEN' | 'RcUserInfo' | 'temporaryUrl' | 'referralCode' | 'theme' | 'vuex_dialog' | 'userGuide';

/** localStorage with JSON text values; unreadable values read as null. */
export const storage = {
  get<T>(key: StorageKey): T | null {
    return parseStored<T>(localStorage.getItem(key));
  },
  set(key: StorageKey, value: unknown): void {
    localStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: StorageKey): void {
    localStorage.removeItem(key);
  },
};

export function parseStored<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
