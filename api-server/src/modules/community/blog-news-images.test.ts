import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { hotScore } from '../../community/hot-ranking.js';

let t: TestApp;
let writer: string;
let operator: string;

const api = (path: string, body: unknown = {}, token?: string) => call(t.app, 'POST', `/apis/community/${path}`, body, token);

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

async function upload(bytes: Buffer, fileName: string, token?: string) {
  const boundary = 'rcboundary42';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/apis/community/auth/blog/image/upload',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { token } : {}) },
  });
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  writer = await login(t.app, '13800000001', 'Demo@2026');
  operator = await login(t.app, '13800000004', 'Demo@2026');
});
afterAll(() => t.close());

describe('news', () => {
  it('shows the seeded footer pages by slug and by id, and lists them', async () => {
    for (const slug of ['about', 'contact', 'quick-start', 'billing']) {
      const page = await api('api/news/view', { slug });
      expect(page.code, slug).toBe(200);
      expect(page.data.contentHtml).toContain('<h1>');
    }
    const about = await api('api/news/view', { slug: 'about' });
    expect((await api('api/news/view', { id: about.data.id })).data).toMatchObject({ slug: 'about', title: '关于算力云' });
    expect((await api('api/news/view', { slug: 'nothing-here' })).msg).toBe('资讯不存在');
    expect((await api('api/news/view', {})).msg).toBe('请提供资讯ID或短链接');
    expect((await api('api/news/list', { pageSize: 50 })).data.total).toBe(4);
    const blogs = await api('api/blog/list', { pageSize: 100 });
    expect(blogs.data.list.map((post: { id: number }) => post.id)).not.toContain(about.data.id);
    expect((await api('api/blog/view', { id: about.data.id })).code).toBe(404);
  });

  it('is written, changed and deleted by operators only', async () => {
    const body = { title: '春节期间客服安排', content: '春节期间客服**正常值班**。', slug: 'spring-festival' };
    expect((await api('auth/news/save', body, writer)).code).toBe(403);
    expect((await api('auth/news/save', body)).code).toBe(401);
    const saved = await api('auth/news/save', body, operator);
    expect(saved.code, saved.msg).toBe(200);
    expect((await api('auth/news/save', { ...body, title: '重复' }, operator)).msg).toBe('短链接已被使用');
    expect((await api('auth/news/update', { id: saved.data.id, title: '改', content: '改' }, writer)).code).toBe(403);
    expect((await api('auth/news/update', { id: saved.data.id, title: '春节客服安排', content: '照常值班' }, operator)).code).toBe(200);
    expect((await api('api/news/view', { slug: 'spring-festival' })).data).toMatchObject({
      title: '春节客服安排',
      contentHtml: '<p>照常值班</p>\n',
    });
    expect((await api('auth/news/delete', { id: saved.data.id }, writer)).code).toBe(403);
    expect((await api('auth/news/delete', { id: saved.data.id }, operator)).code).toBe(200);
    expect((await api('api/news/view', { slug: 'spring-festival' })).code).toBe(404);
    const blogId = (await api('api/blog/list', {})).data.list[0].id;
    expect((await api('auth/news/delete', { id: blogId }, operator)).msg).toBe('资讯不存在');
  });
});

describe('images in posts', () => {
  it('stores a PNG or WebP by its bytes and serves it publicly with a long cache', async () => {
    const uploaded = await upload(png, 'shot.png', writer);
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect(uploaded.data).toMatchObject({
      contentType: 'image/png',
      size: png.length,
      url: expect.stringMatching(/^\/apis\/community\/api\/image\/[0-9a-f]{64}\.png$/),
    });
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await upload(webp, 'a.webp', writer)).data.contentType).toBe('image/webp');
    const html = (await api('auth/markdown/preview', { content: `![截图](${uploaded.data.url})` }, writer)).data.html;
    expect(html).toContain(`<img src="${uploaded.data.url}"`);
  });

  it('refuses a file that is not an image whatever its name, an empty one, and anonymous uploads', async () => {
    expect((await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', writer)).msg).toBe('仅支持 PNG、JPEG、GIF、WebP 格式的图片');
    expect((await upload(Buffer.alloc(0), 'empty.png', writer)).msg).toBe('图片不能为空');
    expect((await upload(png, 'shot.png')).code).toBe(401);
    const notMultipart = await api('auth/blog/image/upload', { file: 'x' }, writer);
    expect(notMultipart.msg).toBe('请以 multipart/form-data 上传图片');
    expect((await call(t.app, 'GET', '/apis/community/api/image/../../etc/passwd')).code).not.toBe(200);
    expect((await call(t.app, 'GET', `/apis/community/api/image/${'0'.repeat(64)}.png`)).msg).toBe('图片不存在');
  });

  it('refuses an image over 10 MB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(big, 'big.png', writer)).msg).toBe('图片大小不能超过10MB');
  });
});

describe('the hot ranking formula', () => {
  it('weighs comments twice a like, twenty views as one, and sinks with age', () => {
    const fresh = { likeWeight: 0, comments: 0, collects: 0, views: 0, ageHours: 0 };
    expect(hotScore({ ...fresh, likeWeight: 2 })).toBeCloseTo(hotScore({ ...fresh, comments: 1 }));
    expect(hotScore({ ...fresh, views: 20 })).toBeCloseTo(hotScore({ ...fresh, collects: 1 }));
    expect(hotScore({ ...fresh, likeWeight: 1 })).toBeCloseTo(1 / Math.pow(2, 1.5));
    expect(hotScore({ ...fresh, likeWeight: 10, ageHours: 48 })).toBeLessThan(hotScore({ ...fresh, likeWeight: 1, ageHours: 1 }));
  });
});
