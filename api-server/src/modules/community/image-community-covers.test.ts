import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 1)]);

async function upload(token: string, bytes: Buffer, name = 'cover.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/apis/community/auth/image/cover/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { token, 'content-type': request.headers.get('content-type')! },
  });
  return response.json();
}

describe('covers', () => {
  it('stores PNG and WebP covers by their bytes and serves them publicly; refuses other files and big ones', async () => {
    const { token } = await userWithBalance(t.app, 0);
    const stored = await upload(token, png);
    expect(stored).toMatchObject({
      code: 200,
      data: { url: expect.stringMatching(/^\/apis\/community\/api\/image\/cover\/[0-9a-f]{64}\.png$/) },
    });
    const served = await t.app.inject({ method: 'GET', url: stored.data.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    expect((await upload(token, webp, 'a.webp')).data.url).toMatch(/\.webp$/);
    expect(await upload(token, Buffer.from('<svg onload=alert(1)>'), 'x.png')).toMatchObject({
      code: 422,
      msg: '封面仅支持 PNG、JPG、WebP 格式的图片',
    });
    expect(await upload(token, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]))).toMatchObject({
      code: 422,
      msg: '封面图片不能超过2MB',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: `/apis/community/api/image/cover/${'0123456789abcdef'.repeat(4)}.png` });
    expect(anonymous.json()).toMatchObject({ code: 404, msg: '封面不存在' });
  });
});
