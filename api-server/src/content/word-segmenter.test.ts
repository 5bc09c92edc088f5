import { describe, expect, it, vi } from 'vitest';
import { WordSegmenter } from './word-segmenter.js';

describe('the word segmenter thread', () => {
  it('starts with the first text and answers calls made side by side, each with its own words', async () => {
    const segmenter = new WordSegmenter(60_000);
    expect(segmenter.isRunning).toBe(false);
    const [first, second] = await Promise.all([segmenter.cutForSearch(['挂载网盘', '']), segmenter.cutForSearch(['GPU实例'])]);
    expect(first).toEqual([expect.arrayContaining(['挂载', '网盘']), []]);
    expect(second).toEqual([expect.arrayContaining(['GPU', '实例'])]);
  });

  it('stops once idle, taking its dictionaries with it, and starts again for the next text', async () => {
    const segmenter = new WordSegmenter(50);
    await segmenter.cutForSearch(['算力']);
    expect(segmenter.isRunning).toBe(true);
    await vi.waitFor(() => expect(segmenter.isRunning).toBe(false), { timeout: 20_000 });
    expect(await segmenter.cutForSearch(['计费'])).toEqual([['计费']]);
  });

  it('keeps running while calls keep coming within its idle time', async () => {
    const segmenter = new WordSegmenter(60_000);
    await segmenter.cutForSearch(['算力']);
    await segmenter.cutForSearch(['计费']);
    expect(segmenter.isRunning).toBe(true);
  });
});
