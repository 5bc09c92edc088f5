import { describe, expect, it } from 'vitest';
import { searchWords, tsqueriesOf, tsqueryOf } from './search-index.js';

describe('Chinese search words', () => {
  it('keeps the words of a GPU cloud whole, lower-cased, without punctuation', async () => {
    const words = await searchWords('算力云按量计费，挂载网盘到GPU实例！');
    for (const word of ['算力', '计费', '挂载', '网盘', 'gpu', '实例']) expect(words).toContain(word);
    expect(words).not.toContain('，');
    expect(words).not.toContain('！');
  });

  it('queries every word, the last also as a prefix, never a bare quote', async () => {
    expect(await tsqueryOf('挂载 网盘')).toBe("'挂载' & ('网盘' | '网盘':*)");
    expect(await tsqueryOf("it's")).toBe("'it' & ('s' | 's':*)");
    expect(await tsqueryOf('，。！')).toBeNull();
  });

  it('answers several queries in one call, in their order', async () => {
    expect(await tsqueriesOf(['网盘', '，', 'GPU'])).toEqual(["('网盘' | '网盘':*)", null, "('gpu' | 'gpu':*)"]);
  });
});
