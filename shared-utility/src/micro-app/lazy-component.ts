import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Code that did not arrive (a lazy screen's or page's chunk); the root config reloads the page for it (spec §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * The component `load` brings in its own chunk, loaded on its first render. A load that failed fails that render
 * with a ChunkLoadError and is forgotten, so the next render asks again. `what` names it in the error (页面 /login).
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>, what: string): () => LazyExoticComponent<ComponentType<P>> {
  let current: LazyExoticComponent<ComponentType<P>> | null = null;
  const attempt = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (cause: unknown) => {
          current = null;
          throw new ChunkLoadError(`${what} 的代码加载失败：${cause instanceof Error ? cause.message : String(cause)}`, { cause });
        },
      ),
    );
  return () => (current ??= attempt());
}
