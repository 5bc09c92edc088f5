/// <reference lib="webworker" />

/** Reads a file slice by slice and hands each slice over (transferred, not copied) through `port`. */
export type ReadRequest = { file: Blob; sliceSize: number; port: MessagePort; ahead: number };
/** To the hasher: the next slice in order, or why reading stopped. The hasher answers every slice with a credit. */
export type SliceMessage = { type: 'slice'; bytes: ArrayBuffer } | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<ReadRequest>) => {
  const { file, sliceSize, port, ahead } = event.data;
  let credits = ahead;
  let wake: (() => void) | null = null;
  port.onmessage = () => {
    credits += 1;
    wake?.();
    wake = null;
  };
  try {
    for (let start = 0; start < file.size; start += sliceSize) {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits -= 1;
      const bytes = await file.slice(start, start + sliceSize).arrayBuffer();
      port.postMessage({ type: 'slice', bytes } satisfies SliceMessage, [bytes]);
    }
  } catch (error) {
    port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies SliceMessage);
  }
};
