import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Code that did not arrive (a lazy screen's or page's chunk); the root config reloads the page for it (spec §8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A component whose code comes in its own chunk. */
export interface LazyComponent<P> {
  /** What to render: the component itself when its code came before its first render, else a lazy one that loads it. */
  (): ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
  /** Fetches the code ahead of the first render (a link to it is pointed at); a failure is forgotten, not shown. */
  preload(): Promise<void>;
}

/**
 * The component `load` brings in its own chunk, loaded on its first render or on `preload`. A load that failed fails
 * that render with a ChunkLoadError and is forgotten, so the next render asks again. `what` names it in the error
 * (页面 /login).
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>, what: string): LazyComponent<P> {
  let arrived: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  // Once handed to React, the same lazy component is rendered until a load fails: another type in its place would
  // remount the screen and lose its state.
  let rendered: LazyExoticComponent<ComponentType<P>> | null = null;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (arrived = component),
      (cause: unknown) => {
        loading = null;
        rendered = null;
        throw new ChunkLoadError(`${what} 的代码加载失败：${cause instanceof Error ? cause.message : String(cause)}`, { cause });
      },
    ));
  const current = () => rendered ?? arrived ?? (rendered = lazy(() => loadOnce().then((component) => ({ default: component }))));
  const settled = () => undefined;
  return Object.assign(current, { preload: () => loadOnce().then(settled, settled) });
}
