import { atom, type WritableAtom } from 'nanostores';
import { parseStored, storage, type StorageKey } from './storage';

/** An atom kept in localStorage under `key` (null removes it) and in step with other tabs. */
export function persistentAtom<T>(key: StorageKey, initial: T): WritableAtom<T> {
  const store = atom<T>(storage.get<T>(key) ?? initial);
  store.listen((value) => {
    if (value === null) storage.remove(key);
    else storage.set(key, value);
  });
  window.addEventListener('storage', (event) => {
    if (event.storageArea === localStorage && (event.key === key || event.key === null)) {
      store.set(parseStored<T>(event.newValue) ?? initial);
    }
  });
  return store;
}
