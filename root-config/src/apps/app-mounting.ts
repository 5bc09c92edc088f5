import { atom } from 'nanostores';
import type { SingleSpaCustomEventDetail } from 'single-spa';

/** Apps single-spa is about to load and mount, so the shell can show a loader in their place. */
export const $appsMounting = atom<readonly string[]>([]);

export function watchAppMounting(): void {
  window.addEventListener('single-spa:before-app-change', (event) => {
    $appsMounting.set((event as CustomEvent<SingleSpaCustomEventDetail>).detail.appsByNewStatus.MOUNTED);
  });
  window.addEventListener('single-spa:app-change', () => $appsMounting.set([]));
}
