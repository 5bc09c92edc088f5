/** Spec §9: a closed advert stays hidden for 120000 ms, also across reloads. */
const hiddenMs = 120_000;
const storageKey = 'rc_advert_closed_at';

export function advertHidden(now = Date.now()): boolean {
  const closedAt = Number(window.localStorage.getItem(storageKey));
  return Number.isFinite(closedAt) && now - closedAt < hiddenMs;
}

export function dismissAdvert(): number {
  window.localStorage.setItem(storageKey, String(Date.now()));
  return hiddenMs;
}
