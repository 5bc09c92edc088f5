/**
 * index.html only preloads the page's stylesheet (`link[data-rc-page-stylesheet]`): as a stylesheet in the head it held
 * up the first paint of the site name until the whole of it had been downloaded and parsed (issue 31). Made a
 * stylesheet where it stands (the cascade keeps its order), it applies from the preloaded copy; resolves once it has,
 * or once it failed to load (the page then goes on unstyled, as it did when the head's stylesheet failed).
 */
export function applyPageStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-rc-page-stylesheet]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.rel = 'stylesheet';
  });
}
