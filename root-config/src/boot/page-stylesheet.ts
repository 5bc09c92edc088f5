/** After each failed load the stylesheet is asked for again this much later, while the page goes on unstyled. */
export const stylesheetRetryDelaysMs = [2_000, 5_000, 15_000];

/**
 * A stylesheet that failed to load, asked for again later by a copy of its link in its place (the cascade keeps its
 * order), up to once per delay. The copy's address says which try it is: Chromium answers a link to the same address
 * from the failed load it keeps (an empty stylesheet) without asking the server.
 */
function retryLater(failed: HTMLLinkElement, attempt: number) {
  const delayMs = stylesheetRetryDelaysMs[attempt];
  if (delayMs === undefined) return;
  setTimeout(() => {
    const again = failed.cloneNode() as HTMLLinkElement;
    const address = new URL(failed.href);
    address.searchParams.set('retry', String(attempt + 1));
    again.href = address.href;
    again.addEventListener('error', () => retryLater(again, attempt + 1), { once: true });
    failed.replaceWith(again);
  }, delayMs);
}

/**
 * index.html only preloads the page's stylesheet (`link[data-rc-page-stylesheet]`): as a stylesheet in the head it held
 * up the first paint of the site name until the whole of it had been downloaded and parsed (issue 31). Made a
 * stylesheet where it stands (the cascade keeps its order), it applies from the preloaded copy; resolves once it has,
 * or once it failed to load: the page then goes on unstyled, and the stylesheet is asked for again a few times, so a
 * passing failure (a dropped connection, a server restarting) leaves the page styled a few seconds later.
 */
export function applyPageStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-rc-page-stylesheet]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        resolve();
        retryLater(link, 0);
      },
      { once: true },
    );
    link.rel = 'stylesheet';
  });
}
