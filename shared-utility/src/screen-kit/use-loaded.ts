import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../api-client';
import { withMinimumDelay } from '../timing';

/** What a screen loaded: the data of the last success, or why the last call failed. */
export interface Loaded<T> {
  /** Undefined until the first success for the current fetcher. */
  data: T | undefined;
  /** The failed call's message; null once a call succeeds. */
  error: string | null;
  /** The failed call's code (404 not found, 403 not yours, 410 deleted, …); null once a call succeeds. */
  errorCode: number | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Loads with `fetch` on mount and whenever `fetch` changes identity (wrap it in useCallback with its
 * filters). A new fetcher forgets the old data; an answer that arrives after a newer call is dropped. A load lasts at
 * least 200 ms (spec §9), so its loading indicator shows steadily rather than flashing.
 */
export function useLoaded<T>(fetch: () => Promise<ApiResult<T>>): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; errorCode: number | null; loading: boolean }>({
    data: undefined,
    error: null,
    errorCode: null,
    loading: true,
  });
  const latest = useRef(0);
  const fetcher = useRef(fetch);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    const fresh = fetcher.current !== fetch;
    fetcher.current = fetch;
    setState((current) => ({
      data: fresh ? undefined : current.data,
      error: fresh ? null : current.error,
      errorCode: fresh ? null : current.errorCode,
      loading: true,
    }));
    const result = await withMinimumDelay(fetch());
    if (call !== latest.current) return;
    setState((current) =>
      result.code === 200
        ? { data: result.data, error: null, errorCode: null, loading: false }
        : { data: current.data, error: result.msg || '加载失败', errorCode: result.code, loading: false },
    );
  }, [fetch]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(
    () => () => {
      latest.current++;
    },
    [],
  );

  return { ...state, reload };
}
