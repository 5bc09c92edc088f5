/// <reference lib="webworker" />
import { md5OfSlices } from './md5-slices';

export type HashRequest = { file: Blob; sliceSize: number };
export type HashMessage = { type: 'progress'; percent: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<HashRequest>) => {
  const post = (message: HashMessage) => scope.postMessage(message);
  try {
    const md5 = await md5OfSlices(event.data.file, event.data.sliceSize, (percent) => post({ type: 'progress', percent }));
    post({ type: 'done', md5 });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
