// The SSE clients of bench/server-push.ts, in a worker thread so that their parsing does not share the server's event loop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, count } = workerData;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const now = () => performance.timeOrigin + performance.now();
/** Per round, when each client got that round's balance event (absolute ms). */
const arrivals = new Map();
let ready = 0;

for (let i = 0; i < count; i++) {
  // A program sends the token header; only a browser's EventSource, which cannot, opens the stream with a ticket.
  http.get(url, { agent, headers: { accept: 'text/event-stream', token } }, (response) => {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: snapshot')) {
          ready += 1;
          if (ready === count) parentPort.postMessage({ type: 'ready' });
        } else if (block.includes('event: balance')) {
          const { balance } = JSON.parse(block.slice(block.indexOf('data: ') + 6));
          const times = arrivals.get(balance) ?? [];
          times.push(now());
          arrivals.set(balance, times);
          if (times.length === count) parentPort.postMessage({ type: 'round', balance, times });
        }
      }
    });
  });
}
