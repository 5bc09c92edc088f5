import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '@rc/shared-utility';
import { measureUploadSpeed, uploadTimeText } from './speed-test';

/**
 * The server's side of the speed test on a fake clock: an empty body answers after the next of `pingsMs`, a chunk
 * after `chunkMs` (chunks sent together finish together, as on one link).
 */
function server({ pingsMs, chunkMs, refuse = false }: { pingsMs: number[]; chunkMs: number; refuse?: boolean }) {
  const bodies: Blob[] = [];
  const post = async (body: Blob) => {
    bodies.push(body);
    const ms = body.size === 0 ? pingsMs.shift()! : chunkMs;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { code: refuse && body.size > 0 ? 500 : 200 };
  };
  return { post, bodies };
}

/** jsdom's Blob reads only through a FileReader. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the upload speed test', () => {
  it('takes the median of five empty round trips and the bytes per second of two rounds of chunks sent as the uploader sends', async () => {
    const { post, bodies } = server({ pingsMs: [40, 10, 30, 200, 20], chunkMs: 500 });
    const progress: number[] = [];

    const measuring = measureUploadSpeed((percent) => progress.push(percent), post);
    await vi.runAllTimersAsync();

    const sent = 2 * constants.parallelChunks * constants.chunkSize;
    expect(await measuring).toEqual({ latencyMs: 30, bytesPerSecond: Math.round(sent / 1) });
    expect(progress).toEqual([10, 55, 100]);
    expect(bodies.map((body) => body.size)).toEqual([0, 0, 0, 0, 0, ...Array(2 * constants.parallelChunks).fill(constants.chunkSize)]);
  });

  it('sends bytes that do not compress, as a real file’s would not', async () => {
    const { post, bodies } = server({ pingsMs: [1, 1, 1, 1, 1], chunkMs: 1 });
    const measuring = measureUploadSpeed(() => {}, post);
    await vi.runAllTimersAsync();
    await measuring;

    vi.useRealTimers();
    const bytes = await bytesOf(bodies[5]!);
    const block = 65_536;
    const valuesPerBlock = new Set<number>();
    for (let offset = 0; offset < bytes.length; offset += block) valuesPerBlock.add(new Set(bytes.subarray(offset, offset + block)).size);
    expect([...valuesPerBlock]).toEqual([256]);
  });

  it('fails when the server refuses a test chunk', async () => {
    const { post } = server({ pingsMs: [5, 5, 5, 5, 5], chunkMs: 100, refuse: true });
    const measuring = measureUploadSpeed(() => {}, post);
    const failed = expect(measuring).rejects.toThrow('speed test refused');
    await vi.runAllTimersAsync();
    await failed;
  });

  it('says how long a file would take in seconds under a minute, else in minutes, hours and days', () => {
    const MiB = 1024 ** 2;
    expect(uploadTimeText(100 * MiB, 10 * MiB)).toBe('约10秒');
    expect(uploadTimeText(1, 10 * MiB)).toBe('约1秒');
    expect(uploadTimeText(1024 * MiB, 10 * MiB)).toBe('约1分钟');
    expect(uploadTimeText(10 * 1024 * MiB, MiB)).toBe('约2小时50分钟');
    expect(uploadTimeText(10 * 1024 * MiB, 0.1 * MiB)).toBe('约1天4小时26分钟');
  });
});
