/// <reference lib="webworker" />
import { createMD5 } from 'hash-wasm';
import type { SliceMessage } from './slice-reader-worker';

/** Hashes `size` bytes arriving in order through `port` from a slice reader. */
export type HashRequest = { port: MessagePort; size: number };
export type HashMessage = { type: 'progress'; percent: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<HashRequest>) => {
  const { port, size } = event.data;
  const post = (message: HashMessage) => scope.postMessage(message);
  const md5 = await createMD5();
  md5.init();
  if (size === 0) return post({ type: 'done', md5: md5.digest('hex') });
  let hashed = 0;
  port.onmessage = ({ data: message }: MessageEvent<SliceMessage>) => {
    if (message.type === 'error') return post({ type: 'error', message: message.message });
    port.postMessage('credit');
    md5.update(new Uint8Array(message.bytes));
    hashed += message.bytes.byteLength;
    post({ type: 'progress', percent: Math.floor((hashed / size) * 100) });
    if (hashed >= size) post({ type: 'done', md5: md5.digest('hex') });
  };
};
