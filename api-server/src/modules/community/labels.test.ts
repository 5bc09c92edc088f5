import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('community labels and article categories', () => {
  it('answers anonymous visitors with the seeded labels in order', async () => {
    const answer = await call(t.app, 'POST', '/apis/community/api/label/list', {});
    expect(answer.code).toBe(200);
    expect(answer.data[0]).toEqual({ labelNo: expect.any(Number), labelName: 'PyTorch' });
    expect(answer.data.map((label: { labelName: string }) => label.labelName)).toContain('大模型');
  });

  it('lists article categories with the zone each belongs to', async () => {
    const answer = await call(t.app, 'POST', '/apis/community/api/article/zone/category/list', {});
    expect(answer.code).toBe(200);
    expect(answer.data).toContainEqual({ id: expect.any(Number), name: '大模型微调', zoneId: expect.any(Number), zoneName: '大模型' });
  });
});
