import { constants, formatElapsed } from '@rc/shared-utility';
import { postSpeedTest } from './files-api';

export interface SpeedTestResult {
  /** Median round trip of an empty request, ms. */
  latencyMs: number;
  /** Bytes per second over the test's chunk uploads. */
  bytesPerSecond: number;
}

const pings = 5;
const rounds = 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One chunk of bytes that do not compress, as a real file's would not. */
function testChunk(): Blob {
  const bytes = new Uint8Array(constants.chunkSize);
  for (let offset = 0; offset < bytes.length; offset += 65_536) crypto.getRandomValues(bytes.subarray(offset, offset + 65_536));
  return new Blob([bytes], { type: 'application/octet-stream' });
}

async function timed(send: () => Promise<{ code: number }>): Promise<number> {
  const started = performance.now();
  const answer = await send();
  if (answer.code !== 200) throw new Error('speed test refused');
  return performance.now() - started;
}

/** Measures like the uploader sends: chunks of the upload chunk size, as many at once as it runs. */
export async function measureUploadSpeed(
  onProgress: (percent: number) => void,
  /** Sends one test body to the server; a test gives its own server's answers. */
  post: (body: Blob) => Promise<{ code: number }> = postSpeedTest,
): Promise<SpeedTestResult> {
  const empty = new Blob([], { type: 'application/octet-stream' });
  const latencies: number[] = [];
  for (let i = 0; i < pings; i++) latencies.push(await timed(() => post(empty)));
  onProgress(10);
  const chunk = testChunk();
  let elapsed = 0;
  for (let round = 0; round < rounds; round++) {
    elapsed += await timed(async () => {
      const answers = await Promise.all(Array.from({ length: constants.parallelChunks }, () => post(chunk)));
      return answers.find((answer) => answer.code !== 200) ?? answers[0]!;
    });
    onProgress(10 + Math.round(((round + 1) / rounds) * 90));
  }
  const sent = rounds * constants.parallelChunks * chunk.size;
  return { latencyMs: Math.round(median(latencies)), bytesPerSecond: Math.round(sent / (elapsed / 1000)) };
}

/** How long a file of `bytes` would take at this speed, in words. */
export function uploadTimeText(bytes: number, bytesPerSecond: number): string {
  const ms = (bytes / bytesPerSecond) * 1000;
  return ms < 60_000 ? `约${Math.max(1, Math.round(ms / 1000))}秒` : `约${formatElapsed(ms)}`;
}
