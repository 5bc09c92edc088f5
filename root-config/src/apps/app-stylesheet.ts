let pending: Promise<void> | null = null;

/**
 * Adds the micro-apps' stylesheet (the Fomantic components the first paint does not need, named by the
 * page's `rc-app-stylesheet` meta) right after the page's stylesheet, so the portal's own styles still
 * come later; resolves once it applies. A failed load is tried again by the next call.
 */
export function loadAppStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLMetaElement>('meta[name="rc-app-stylesheet"]')?.content;
  if (!href) return Promise.resolve();
  pending ??= new Promise<void>((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      pending = null;
      reject(new Error(`样式表 ${href} 加载失败`));
    });
    const pageStylesheets = document.head.querySelectorAll('link[rel="stylesheet"]');
    const last = pageStylesheets[pageStylesheets.length - 1];
    if (last) last.after(link);
    else document.head.prepend(link);
  });
  return pending;
}
