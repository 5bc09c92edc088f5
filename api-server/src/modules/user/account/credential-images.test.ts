import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type Answer, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';

const base = '/apis/user/auth/user/credential/image';
const png = (size: number, fill = 7) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, fill)]);
const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)]);
const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

let t: TestApp;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, demoAccounts.user, demoPassword);
  other = await login(t.app, demoAccounts.teacher, demoPassword);
});
afterAll(() => t.close());

/** The uploader's single-chunk form for one image, sent through app.inject. */
async function sendImage(
  token: string,
  side: string,
  fileName: string,
  bytes: Buffer,
  declared: { md5?: string; size?: number } = {},
): Promise<Answer> {
  const form = new FormData();
  const fields = {
    side,
    filename: fileName,
    identifier: declared.md5 ?? md5Of(bytes),
    totalSize: declared.size ?? bytes.length,
    chunkNumber: 1,
    totalChunks: 1,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const request = new Request('http://portal/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: `${base}/upload`,
    headers: { token, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return response.json();
}

async function upload(token: string, side: string, fileName: string, bytes: Buffer): Promise<Answer> {
  const check = await call(t.app, 'POST', `${base}/check`, { side, fileName, totalSize: bytes.length, identifier: md5Of(bytes) }, token);
  if (check.code !== 200) return check;
  const sent = await sendImage(token, side, fileName, bytes);
  if (sent.code !== 200) return sent;
  return call(t.app, 'POST', `${base}/save`, { side, fileName, identifier: md5Of(bytes) }, token);
}

const view = (id: number, token: string) => t.app.inject({ method: 'POST', url: `${base}/view`, headers: { token }, payload: { id } });

describe('ID card images', () => {
  it('stores the front and back, lists them, and reads each back byte for byte to its owner', async () => {
    const front = png(2000);
    const back = jpeg(3000);
    expect(await upload(owner, 'front', '身份证正面.png', front)).toMatchObject({
      code: 200,
      msg: '人像面图片已上传',
      data: { side: 'front', contentType: 'image/png', size: 2000 },
    });
    expect((await upload(owner, 'back', 'back.JPG', back)).data).toMatchObject({
      side: 'back',
      sideName: '国徽面',
      contentType: 'image/jpeg',
      size: 3000,
    });

    const list = await call(t.app, 'POST', `${base}/list`, undefined, owner);
    expect(list.data.list.map((image: { side: string; fileName: string }) => [image.side, image.fileName])).toEqual([
      ['back', 'back.JPG'],
      ['front', '身份证正面.png'],
    ]);
    const frontId = list.data.list.find((image: { side: string }) => image.side === 'front').id;
    const read = await view(frontId, owner);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.rawPayload.equals(front)).toBe(true);
  });

  it('replaces the image of a side and no longer serves the old bytes', async () => {
    const replacement = png(1500, 9);
    const saved = await upload(owner, 'front', 'new-front.png', replacement);
    expect(saved.code).toBe(200);
    const list = await call(t.app, 'POST', `${base}/list`, undefined, owner);
    expect(list.data.list).toHaveLength(2);
    expect(md5Of((await view(saved.data.id, owner)).rawPayload)).toBe(md5Of(replacement));
  });

  it('never lets another user list, read or delete them', async () => {
    const [image] = (await call(t.app, 'POST', `${base}/list`, undefined, owner)).data.list;
    expect((await call(t.app, 'POST', `${base}/list`, undefined, other)).data.list).toEqual([]);
    const stranger = await view(image.id, other);
    expect(stranger.headers['content-type']).toMatch(/application\/json/);
    expect(stranger.json()).toMatchObject({ code: 404, msg: '证件图片不存在或已删除' });
    expect(await call(t.app, 'POST', `${base}/delete`, { id: image.id }, other)).toMatchObject({ code: 404 });
    expect((await view(image.id, owner)).headers['content-type']).toMatch(/^image\//);
    expect((await t.app.inject({ method: 'POST', url: `${base}/view`, payload: { id: image.id } })).json().code).toBe(401);
  });

  it('refuses other types and sizes with Chinese messages, before and after the bytes are sent', async () => {
    const typeMessage = '仅支持 JPG、PNG 格式的图片';
    expect(
      await call(t.app, 'POST', `${base}/check`, { side: 'front', fileName: 'id.gif', totalSize: 100, identifier: md5Of(png(100)) }, other),
    ).toMatchObject({ code: 422, msg: typeMessage });
    expect(
      await call(
        t.app,
        'POST',
        `${base}/check`,
        { side: 'front', fileName: 'id.png', totalSize: 5 * 1024 * 1024 + 1, identifier: md5Of(png(100)) },
        other,
      ),
    ).toMatchObject({
      code: 422,
      msg: '图片大小不能超过5MB',
    });
    expect(
      await call(t.app, 'POST', `${base}/check`, { side: 'front', fileName: 'id.png', totalSize: 0, identifier: md5Of(png(100)) }, other),
    ).toMatchObject({ code: 422, msg: '图片不能为空' });
    expect(
      (await call(t.app, 'POST', `${base}/check`, { side: 'side', fileName: 'id.png', totalSize: 100, identifier: md5Of(png(100)) }, other))
        .code,
    ).toBe(422);

    const renamedText = Buffer.from('这不是图片，只是改了扩展名的文本文件');
    expect(await sendImage(other, 'front', 'fake.png', renamedText)).toMatchObject({ code: 422, msg: typeMessage });
    const tooLarge = png(5 * 1024 * 1024 + 10);
    expect(await sendImage(other, 'front', 'large.png', tooLarge)).toMatchObject({ code: 422, msg: '图片大小不能超过5MB' });
    expect(await sendImage(other, 'front', 'id.png', png(800), { md5: md5Of(png(801)) })).toMatchObject({
      code: 422,
      msg: '文件校验失败（MD5不一致），请重新上传',
    });
    expect(
      await call(t.app, 'POST', `${base}/save`, { side: 'front', fileName: 'id.png', identifier: md5Of(png(800)) }, other),
    ).toMatchObject({
      code: 409,
      msg: '图片尚未上传完成，请重新上传',
    });
    expect((await call(t.app, 'POST', `${base}/list`, undefined, other)).data.list).toEqual([]);
  });

  it('deletes an image of its owner', async () => {
    const [image] = (await call(t.app, 'POST', `${base}/list`, undefined, owner)).data.list;
    expect(await call(t.app, 'POST', `${base}/delete`, { id: image.id }, owner)).toMatchObject({ code: 200, msg: '证件图片已删除' });
    expect((await view(image.id, owner)).json().code).toBe(404);
    expect((await call(t.app, 'POST', `${base}/list`, undefined, owner)).data.list).toHaveLength(1);
  });
});
