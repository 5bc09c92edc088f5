import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocuments } from '../../db/schema.js';
import { indexDocument } from '../../content/search-index.js';
import { countText } from '../../community/search.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
const at = (day: number) => new Date(Date.UTC(2026, 9, day));

beforeAll(async () => {
  // Only the newest 3 matches are ranked: 20 documents, every other one about 挂载 (10 matches), the oldest with it in its title.
  t = await createTestApp({ config: { searchRankedMatches: 3 } });
  await t.app.db.delete(searchDocuments);
  for (let refId = 0; refId < 20; refId++)
    await indexDocument(t.app.db, {
      kind: refId === 18 ? 'question' : 'blog',
      refId,
      title: refId === 0 ? '网盘挂载全攻略' : `第 ${refId} 篇笔记`,
      body: refId % 2 === 0 ? '打开实例详情，选择网盘，点击挂载。' : '按秒计费，关机即停止计费。',
      publishedAt: at(refId + 1),
    });
});
afterAll(() => t.close());

const search = (body: object) => call(t.app, 'POST', '/apis/community/api/search/list', body);

describe('bounded site search', () => {
  it('ranks only the newest matches and estimates the count beyond them as 「约 N 条」', async () => {
    const answer = await search({ keyword: '挂载', pageSize: 10 });
    expect(answer.data.list.map((hit: { refId: number }) => hit.refId)).toEqual([18, 16, 14]);
    // The newest 4 matches reach back over 8 of the 20 documents: 4 × 20 / 8.
    expect(answer.data).toMatchObject({ total: 10, approximate: true, totalText: '约 10 条', reachable: 3 });
    expect(answer.data.counts).toEqual([
      { kind: 'blog', count: 8 },
      { kind: 'question', count: 3 },
    ]);
  });

  it('counts exactly while the matches fit, within a type too', async () => {
    expect((await search({ keyword: '挂载', type: 7 })).data).toMatchObject({
      total: 1,
      approximate: false,
      totalText: '1 条',
      reachable: 1,
    });
    const fewer = await search({ keyword: '全攻略' });
    expect(fewer.data).toMatchObject({ total: 1, approximate: false, totalText: '1 条', reachable: 1 });
    expect(fewer.data.list.map((hit: { refId: number }) => hit.refId)).toEqual([0]);
  });

  it('rounds estimates the way search engines do', () => {
    expect(countText(40_321, true)).toBe('约 4 万条');
    expect(countText(41_234, true)).toBe('约 4.1 万条');
    expect(countText(123_456, true)).toBe('约 12 万条');
    expect(countText(1_234, true)).toBe('约 1,200 条');
    expect(countText(1_234, false)).toBe('1234 条');
  });
});
