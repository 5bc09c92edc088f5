import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ne } from 'drizzle-orm';
import { searchDocuments } from '../../db/schema.js';
import { indexDocument, removeDocument } from '../../content/search-index.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
const at = (day: number) => new Date(Date.UTC(2026, 9, day));

beforeAll(async () => {
  t = await createTestApp();
  // The demo posts and questions mention the same words; these tests search their own documents (and the demo datasets).
  await t.app.db.delete(searchDocuments).where(ne(searchDocuments.kind, 'dataset'));
  const documents = [
    {
      kind: 'blog',
      refId: 901,
      title: '如何把网盘挂载到实例',
      body: '打开实例详情，选择网盘，点击挂载即可在 /root/netdisk 看到文件。',
      publishedAt: at(1),
    },
    { kind: 'blog', refId: 902, title: 'PyTorch 分布式训练入门', body: '多卡训练时先初始化进程组，再把模型包进 DDP。', publishedAt: at(2) },
    {
      kind: 'question',
      refId: 903,
      title: '实例开机后网盘不见了',
      body: '昨天还能看到网盘，今天重启后挂载点是空的，怎么办？',
      publishedAt: at(3),
    },
    { kind: 'news', refId: 904, title: '算力云上线按秒计费', body: '即日起容器实例按秒计费，关机即停止计费。', publishedAt: at(4) },
    {
      kind: 'image',
      refId: 905,
      title: 'Stable Diffusion WebUI 镜像',
      body: '内置常用模型，开机即用，需要 CUDA 12.1。',
      publishedAt: at(5),
    },
    { kind: 'blog', refId: 906, title: '100%_完成的 推理 服务', body: '百分号与下划线在标题里。', publishedAt: at(6) },
  ] as const;
  for (const document of documents) await indexDocument(t.app.db, document);
});
afterAll(() => t.close());

const search = (body: object) => call(t.app, 'POST', '/apis/community/api/search/list', body);

describe('site search', () => {
  it('finds a post by a Chinese word of its body, a title match first, with the words to highlight and an excerpt around the match', async () => {
    const answer = await search({ keyword: '挂载' });
    expect(answer.code).toBe(200);
    const refs = answer.data.list.map((hit: { kind: string; refId: number }) => `${hit.kind}:${hit.refId}`);
    expect(refs).toEqual(['blog:901', 'question:903']);
    expect(answer.data.words).toEqual(['挂载']);
    expect(answer.data.list[0]).toMatchObject({ title: '如何把网盘挂载到实例', url: '/blog/article/901' });
    expect(answer.data.list[1]).toMatchObject({ url: '/question/view/903' });
    expect(answer.data.list[1].excerpt).toContain('挂载点是空的');
  });

  it('ranks a document that mentions the words more often higher', async () => {
    const answer = await search({ keyword: '网盘' });
    expect(answer.data.list.map((hit: { refId: number }) => hit.refId)).toEqual([903, 901]);
  });

  it('matches part of a title that segmentation does not cut out (trigram / substring)', async () => {
    const answer = await search({ keyword: 'orch' });
    expect(answer.data.list.map((hit: { refId: number }) => hit.refId)).toEqual([902]);
    expect((await search({ keyword: '布式训' })).data.list.map((hit: { refId: number }) => hit.refId)).toEqual([902]);
  });

  it('treats % and _ in the keyword as characters, not wildcards', async () => {
    expect((await search({ keyword: '%_' })).data.list.map((hit: { refId: number }) => hit.refId)).toEqual([906]);
    expect((await search({ keyword: 'o%h' })).data.total).toBe(0);
  });

  it('filters by the spec type of the page and counts every kind for the tabs', async () => {
    const everything = await search({ keyword: '网盘', type: 1 });
    expect(everything.data.counts).toEqual([
      { kind: 'blog', count: 1 },
      { kind: 'question', count: 1 },
    ]);
    const questions = await search({ keyword: '网盘', type: 7 });
    expect(questions.data.total).toBe(1);
    expect(questions.data.list[0].kind).toBe('question');
    expect(questions.data.counts).toEqual(everything.data.counts);
    expect((await search({ keyword: '计费', type: 8 })).data.list[0]).toMatchObject({ kind: 'news', url: '/news/detail/904' });
    expect((await search({ keyword: 'cuda', type: 1 })).data.list[0]).toMatchObject({ kind: 'image', url: '/imageCommunity/detail/905' });
    expect((await search({ keyword: '网盘', type: 4 })).data).toMatchObject({ total: 0, list: [] });
    expect((await search({ keyword: '网盘', type: 3 })).code).toBe(422);
  });

  it('finds the public demo datasets (type 16) and opens them in the catalogue', async () => {
    const answer = await search({ keyword: '语料', type: 16 });
    expect(answer.data.list).toEqual([expect.objectContaining({ kind: 'dataset', title: '中文短句语料（示例）' })]);
    expect(answer.data.list[0].url).toMatch(/^\/account\/commonData\?id=\d+$/);
  });

  it('refuses an empty or blank keyword with the spec text', async () => {
    for (const body of [{}, { keyword: '' }, { keyword: '   ' }]) {
      expect(await search(body)).toMatchObject({ code: 422, msg: '请输入搜索关键词' });
      expect(await call(t.app, 'POST', '/apis/community/api/blog/search/list', body)).toMatchObject({ code: 422, msg: '请输入搜索关键词' });
    }
  });

  it('pages through the hits', async () => {
    const first = await search({ keyword: '网盘', pageNum: 1, pageSize: 1 });
    const second = await search({ keyword: '网盘', pageNum: 2, pageSize: 1 });
    expect(first.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect([first.data.list[0].refId, second.data.list[0].refId]).toEqual([903, 901]);
  });

  it('no longer finds held or deleted content', async () => {
    await indexDocument(t.app.db, { kind: 'blog', refId: 907, title: '待审核的显卡评测', body: '显卡评测正文', publishedAt: at(7) });
    expect((await search({ keyword: '显卡评测' })).data.total).toBe(1);
    await removeDocument(t.app.db, 'blog', 907);
    expect((await search({ keyword: '显卡评测' })).data.total).toBe(0);
  });

  it('blog search answers blogs only', async () => {
    const answer = await call(t.app, 'POST', '/apis/community/api/blog/search/list', { keyword: '网盘' });
    expect(answer.data.list.map((hit: { kind: string; refId: number }) => `${hit.kind}:${hit.refId}`)).toEqual(['blog:901']);
  });
});
