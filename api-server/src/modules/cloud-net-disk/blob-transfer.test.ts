import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const expiry = () => ({ now: t.clock.now(), expiresInSeconds: 3600 });

describe('transfers the server signs for its local store', () => {
  it('refuses a URL used for another operation, a JSON body, a wrong size, an unsatisfiable range and an expired URL', async () => {
    await t.app.blobs.put('t/a.bin', Readable.from([Buffer.from('0123456789')]));
    const get = base + (await t.app.blobs.presignGet('t/a.bin', 'a.bin', expiry()));
    const put = base + (await t.app.blobs.presignPut('t/b.bin', 4, expiry()));
    expect((await fetch(get, { method: 'PUT', body: 'abcd' })).status).toBe(403);
    expect((await fetch(put)).status).toBe(403);
    const json = await fetch(put, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '"abcd"' });
    expect(await json.json()).toMatchObject({ code: 422, msg: '请求体应为文件字节' });
    expect(await (await fetch(put, { method: 'PUT', body: 'abc' })).json()).toMatchObject({ code: 403, msg: '文件大小应为4字节' });
    expect(await t.app.blobs.stat('t/b.bin')).toBeNull();
    const range = await fetch(get, { headers: { range: 'bytes=10-' } });
    expect([range.status, range.headers.get('content-range')]).toEqual([416, 'bytes */10']);
    t.clock.advance(3600_001);
    expect(await (await fetch(get)).json()).toMatchObject({ code: 403, msg: '链接已过期，请重新获取' });
    expect((await fetch(put, { method: 'PUT', body: 'abcd' })).status).toBe(403);
  });
});
