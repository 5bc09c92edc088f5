// The server's MD5 work, on its own thread so that hashing uploads never holds up the event loop.
// Plain JavaScript: a worker thread starts without the TypeScript loader that the server and the tests run under.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/** @type {Map<string, import('node:crypto').Hash>} */
const hashes = new Map();

parentPort.on('message', (message) => {
  if (message.type === 'update') {
    let hash = hashes.get(message.key);
    if (!hash) hashes.set(message.key, (hash = createHash('md5')));
    hash.update(message.bytes);
  } else if (message.type === 'digest') {
    const hash = hashes.get(message.key);
    parentPort.postMessage({ ticket: message.ticket, md5: hash ? hash.copy().digest('hex') : createHash('md5').digest('hex') });
  } else if (message.type === 'forget') {
    hashes.delete(message.key);
  }
});
