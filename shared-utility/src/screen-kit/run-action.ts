import { useCallback, useRef, useState } from 'react';
import type { ApiResult } from '../api-client';
import { bus } from '../event-bus';
import { hasErrors, type FieldErrors } from './form-rules';

export interface ActionOptions<T> {
  /** The success toast: the server's `msg` when left out, none when false, or made from the answer. */
  success?: string | false | ((data: T, msg: string) => string);
  /** Runs after a success, e.g. close the dialog and reload the list. */
  then?: (data: T) => unknown;
}

/** Call, check the code (a failure's `msg` is already toasted by the API client), toast the success, then refresh. */
export async function runAction<T>(call: () => Promise<ApiResult<T>>, { success, then }: ActionOptions<T> = {}): Promise<ApiResult<T>> {
  const result = await call();
  if (result.code !== 200) return result;
  const message = success === undefined ? result.msg : typeof success === 'function' ? success(result.data, result.msg) : success;
  if (message) bus.emit('toast', { type: 'success', message });
  await then?.(result.data);
  return result;
}

export interface SubmitOptions<T, F extends string> extends ActionOptions<T> {
  /** Field errors found before calling; any error stops the call. */
  check?: () => FieldErrors<F>;
  call: () => Promise<ApiResult<T>>;
}

/** A form's submit: validates, runs the action once at a time, and keeps the busy flag and field errors. */
export function useSubmit<F extends string = never>() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const running = useRef(false);

  const submit = useCallback(async <T>({ check, call, ...options }: SubmitOptions<T, F>): Promise<boolean> => {
    if (running.current) return false;
    const found = check?.() ?? {};
    setErrors(found);
    if (hasErrors(found)) return false;
    running.current = true;
    setBusy(true);
    try {
      return (await runAction(call, options)).code === 200;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, errors, setErrors, submit };
}
