import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords, hpcClusters, users } from '../../db/schema.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { openClusterTreeOf } from '../../storage/clusters.js';
import { runTask } from '../../storage/tasks.js';
import { backgroundCopyMessage } from '../../storage/tree-operations.js';
import type { FileTree } from '../../storage/file-trees.js';
import { createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { startSshd, type SshdPeer } from '../../test-support/sshd-peer.js';

const mobiles = { owner: demoAccounts.user, other: demoAccounts.teacher };

async function userIdOf(t: TestApp, mobile: string): Promise<number> {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row!.id;
}

interface Backend {
  name: string;
  /** Starts what the backend needs and answers the app config to use. */
  open(): Promise<Parameters<typeof createTestApp>[0]>;
  /** The cluster the tests work on, made the users' default. */
  cluster(t: TestApp): Promise<number>;
  stop(): Promise<void>;
}

let sshd: SshdPeer | undefined;
const backends: Backend[] = [
  {
    name: 'local cluster',
    open: async () => ({}),
    cluster: async (t) => (await t.app.db.select().from(hpcClusters).where(eq(hpcClusters.kind, 'local')))[0]!.id,
    stop: async () => undefined,
  },
  {
    name: 'SFTP cluster on OpenSSH sshd',
    open: async () => {
      sshd = await startSshd();
      return {};
    },
    cluster: async (t) => {
      const [row] = await t.app.db
        .insert(hpcClusters)
        .values({
          name: '测试集群',
          kind: 'sftp',
          ...sshd!.target,
          homeTemplate: `${sshd!.homes}/{userId}`,
          quotaBytes: 1 << 30,
          quotaFiles: 1000,
        })
        .returning();
      return row!.id;
    },
    stop: async () => sshd?.stop(),
  },
];

describe.each(backends)('file storage calls: $name', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let clusterId: number;
  let tree: FileTree;

  const post = async (url: string, body: object, as = token) => {
    const response = await t.app.inject({ method: 'POST', url: `/apis/orion/auth/sftp/${url}`, payload: body, headers: { token: as } });
    expect(response.statusCode).toBe(200);
    return response.json() as { code: number; data: any; msg: string };
  };
  const put = (relative: string, content: string | Buffer) => tree.fs.write(relative, Readable.from([Buffer.from(content)]));
  const names = async (folder = '', as = token) =>
    ((await post('list', { path: folder }, as)).data.list as { name: string; isDir: boolean }[]).map(
      (e) => `${e.name}${e.isDir ? '/' : ''}`,
    );
  const download = (body: Record<string, string>, headers: Record<string, string> = {}, as = token) =>
    t.app.inject({
      method: 'POST',
      url: '/apis/orion/auth/file/download',
      payload: new URLSearchParams({ ...body, token: as }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp(await backend.open());
    token = await login(t.app, mobiles.owner, demoPassword);
    otherToken = await login(t.app, mobiles.other, demoPassword);
    clusterId = await backend.cluster(t);
    for (const as of [token, otherToken]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/apis/hpc/auth/cluster/update/default',
        payload: { clusterId },
        headers: { token: as },
      });
      expect(answer.json()).toMatchObject({ code: 200, msg: '默认集群已更新' });
    }
    tree = await openClusterTreeOf(t.app, await userIdOf(t, mobiles.owner));
  });
  afterAll(async () => {
    await t.close();
    await backend.stop();
  });

  it('lists the clusters with the default and the usage, and opens the default one', async () => {
    await put('hello.txt', 'hello');
    const clusters = await t.app.inject({ method: 'GET', url: '/apis/hpc/auth/cluster/list/byuser', headers: { token } });
    const list = clusters.json().data as { id: number; isDefault: boolean; usedBytes: number; usedFiles: number; reachable: boolean }[];
    expect(list.find((c) => c.isDefault)).toMatchObject({ id: clusterId, usedBytes: 5, usedFiles: 1, reachable: true });
    expect(list.filter((c) => c.isDefault)).toHaveLength(1);
    expect(await post('open', {})).toMatchObject({ code: 200, data: { clusterId, used: { bytes: 5, files: 1 } } });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/apis/hpc/auth/cluster/update/default',
      payload: { clusterId: 99999 },
      headers: { token },
    });
    expect(missing.json()).toMatchObject({ code: 404, msg: '集群不存在或已停用' });
    expect(await post('open', { clusterId: 99999 })).toMatchObject({ code: 404 });
    await tree.fs.remove('hello.txt');
  });

  it('makes folders, refusing a name that exists with a message; lists sorted by name, size and time, a page at a time', async () => {
    expect(await post('mkdir', { name: '项目' })).toMatchObject({ code: 200, data: { name: '项目', path: '项目', isDir: true } });
    expect(await post('mkdir', { name: '项目' })).toMatchObject({ code: 409, msg: '「项目」已存在，请换一个名称' });
    expect(await post('mkdir', { path: '不存在', name: 'x' })).toMatchObject({ code: 422, msg: '「不存在」不存在或不是文件夹' });
    await put('项目/b.txt', 'bb');
    await put('项目/a.txt', 'aaa');
    await put('项目/c.txt', 'c');
    await tree.fs.mkdir('项目/z-folder');
    expect(await names('项目')).toEqual(['z-folder/', 'a.txt', 'b.txt', 'c.txt']);
    const bySize = await post('list', { path: '项目', sort: 'size', order: 'desc' });
    expect(bySize.data.list.map((e: { name: string }) => e.name)).toEqual(['z-folder', 'a.txt', 'b.txt', 'c.txt']);
    const page = await post('list', { path: '项目', sort: 'name', pageNum: 2, pageSize: 2 });
    expect(page.data).toMatchObject({ path: '项目', total: 4, list: [{ name: 'b.txt' }, { name: 'c.txt' }] });
    expect((await post('list-dir', { path: '项目' })).data.map((e: { name: string }) => e.name)).toEqual(['z-folder']);
    expect(await post('list', { path: '项目/a.txt' })).toMatchObject({ code: 422, msg: '「a.txt」不是文件夹' });
  });

  it('renames in place, refusing a taken name', async () => {
    await put('rename/old.txt', 'x');
    await put('rename/taken.txt', 'y');
    expect(await post('rename', { path: 'rename/old.txt', name: '新 名字.txt' })).toMatchObject({
      code: 200,
      data: { path: 'rename/新 名字.txt' },
    });
    expect(await post('rename', { path: 'rename/新 名字.txt', name: 'taken.txt' })).toMatchObject({
      code: 409,
      msg: '「taken.txt」已存在，请换一个名称',
    });
    expect(await post('rename', { path: 'rename/gone.txt', name: 'x.txt' })).toMatchObject({ code: 404 });
    expect(await names('rename')).toEqual(['新 名字.txt', 'taken.txt']);
  });

  it('moves and copies several items into a folder; refuses a taken name, a folder into itself, a missing target', async () => {
    await put('t/one.txt', '1');
    await put('t/dir/two.txt', '22');
    await tree.fs.mkdir('t/into');
    expect(await post('copy', { paths: ['t/one.txt'], target: 't/into' })).toMatchObject({
      code: 200,
      msg: '复制成功',
      data: { paths: ['t/into/one.txt'], taskId: null },
    });
    const withFolder = await post('copy', { paths: ['t/dir'], target: 't/into' });
    expect(withFolder).toMatchObject({ code: 200, msg: backgroundCopyMessage, data: { paths: ['t/into/dir'] } });
    expect(await names('t/into')).toEqual(['one.txt']);
    expect(await runTask(t.app, withFolder.data.taskId)).toMatchObject({ status: 'done', doneItems: 1, doneBytes: 2 });
    expect(await names('t/into/dir')).toEqual(['two.txt']);
    expect(await post('copy', { paths: ['t/one.txt'], target: 't/into' })).toMatchObject({
      code: 409,
      msg: '「one.txt」已存在，请换一个名称',
    });
    expect(await post('move', { paths: ['t/dir'], target: 't/dir' })).toMatchObject({ code: 422 });
    expect(await post('move', { paths: ['t'], target: 't/into' })).toMatchObject({ code: 422 });
    expect(await post('move', { paths: ['t/one.txt'], target: 't/nowhere' })).toMatchObject({
      code: 422,
      msg: '目标文件夹「t/nowhere」不存在',
    });
    await tree.fs.mkdir('moved');
    expect(await post('move', { paths: ['t/one.txt', 't/dir'], target: 'moved' })).toMatchObject({ code: 200 });
    expect(await names('moved')).toEqual(['dir/', 'one.txt']);
    expect(await names('t')).toEqual(['into/']);
  });

  it('refuses a copy past the quota before writing anything, with the numbers', async () => {
    await put('big/blob.bin', Buffer.alloc(4096));
    const used = (await post('open', {})).data.used as { bytes: number };
    await t.app.db
      .update(hpcClusters)
      .set({ quotaBytes: used.bytes + 1000 })
      .where(eq(hpcClusters.id, clusterId));
    try {
      const refused = await post('copy', { paths: ['big/blob.bin'], target: '' });
      expect(refused.code).toBe(409);
      expect(refused.msg).toMatch(/空间不足：需要 4\.00 KB，剩余 1000 B/);
      expect(await names('')).not.toContain('blob.bin');
    } finally {
      await t.app.db
        .update(hpcClusters)
        .set({ quotaBytes: 1 << 30 })
        .where(eq(hpcClusters.id, clusterId));
    }
  });

  it('deletes to the trash, lists, restores and empties it; quota counts the trash', async () => {
    await put('del/keep.txt', 'keep');
    await put('del/gone.txt', 'gone');
    await put('del/nested/inner.txt', 'inner');
    expect(await post('remove', { paths: ['del/nested/inner.txt', 'del/nested'] })).toMatchObject({
      code: 200,
      data: { items: [{ originalPath: 'del/nested' }] },
    });
    expect(await post('trash/empty', {})).toMatchObject({ code: 200, data: { removed: 1 } });
    const removed = await post('remove', { paths: ['del/keep.txt', 'del/gone.txt'] });
    expect(removed).toMatchObject({
      code: 200,
      msg: '已移入回收站',
      data: { items: [{ originalPath: 'del/keep.txt' }, { originalPath: 'del/gone.txt' }] },
    });
    expect(await names('del')).toEqual([]);
    expect(await names('')).not.toContain('.rc-trash');
    const trash = (await post('trash/list', {})).data as { id: number; originalPath: string }[];
    expect(trash.map((item) => item.originalPath)).toEqual(['del/gone.txt', 'del/keep.txt']);
    expect((await post('open', {})).data.used.files).toBeGreaterThanOrEqual(2);
    expect(await post('trash/restore', { id: trash.find((i) => i.originalPath === 'del/keep.txt')!.id })).toMatchObject({
      code: 200,
      msg: '已恢复',
    });
    expect(await names('del')).toEqual(['keep.txt']);
    expect(await post('trash/empty', {})).toMatchObject({ code: 200, data: { removed: 1 } });
    expect((await post('trash/list', {})).data).toEqual([]);
    expect(await post('remove', { paths: ['del/never.txt'] })).toMatchObject({ code: 404 });
    expect(await post('remove', { paths: ['.rc-trash'] })).toMatchObject({ code: 422 });
  });

  it('downloads a file whole or by range (206, resumable), with its Chinese name, and a folder as one zip', async () => {
    const content = Buffer.from('0123456789abcdef'.repeat(64));
    await put('下载/季度 报告.bin', content);
    await put('下载/子目录/说明.txt', 'readme');
    const whole = await download({ path: '下载/季度 报告.bin' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="__ __.bin"; filename*=UTF-8''${encodeURIComponent('季度 报告.bin')}`,
    );
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(content)).toBe(true);
    const part = await download({ path: '下载/季度 报告.bin', clusterId: String(clusterId) }, { range: 'bytes=1000-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1023/1024`);
    expect(part.rawPayload.equals(content.subarray(1000))).toBe(true);
    const suffix = await download({ path: '下载/季度 报告.bin' }, { range: 'bytes=-4' });
    expect(suffix.rawPayload.toString()).toBe('cdef');
    const link = await t.app.inject({
      method: 'GET',
      url: `/apis/orion/auth/file/download?path=${encodeURIComponent('下载/季度 报告.bin')}`,
      headers: { token, range: 'bytes=0-9' },
    });
    expect(link.statusCode).toBe(206);
    expect(link.rawPayload.toString()).toBe('0123456789');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const resumed = await download({ path: '下载/季度 报告.bin' }, { range: 'bytes=1000-', 'if-range': etag });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload.equals(content.subarray(1000))).toBe(true);
    const changed = await download({ path: '下载/季度 报告.bin' }, { range: 'bytes=1000-', 'if-range': '"400-1"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(content)).toBe(true);
    const beyond = await download({ path: '下载/季度 报告.bin' }, { range: 'bytes=5000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1024');

    const zip = await download({ path: '下载' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toContain(encodeURIComponent('下载.zip'));
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from('下载/子目录/说明.txt'))).toBe(true);
    expect(zip.rawPayload.includes(Buffer.from('下载/季度 报告.bin'))).toBe(true);
    const records = await t.app.db.select().from(downloadRecords).where(eq(downloadRecords.tree, tree.key));
    expect(records.map((r) => [r.path, r.isDir])).toEqual(
      expect.arrayContaining([
        ['下载/季度 报告.bin', false],
        ['下载', true],
      ]),
    );
  });

  it('refuses traversal and bad names on every call, writing nothing', async () => {
    const bad = ['../x', '%2e%2e/x', '/etc', 'a/../../x', 'a\u0000b', '.rc-trash/x'];
    for (const path of bad) {
      for (const [call, body] of [
        ['list', { path }],
        ['list-dir', { path }],
        ['mkdir', { path, name: 'n' }],
        ['rename', { path, name: 'n' }],
        ['move', { paths: [path], target: '' }],
        ['copy', { paths: [path], target: '' }],
        ['move', { paths: ['moved'], target: path }],
        ['remove', { paths: [path] }],
      ] as const) {
        expect(await post(call, body), `${call} ${JSON.stringify(body)}`).toMatchObject({ code: 422 });
      }
      expect((await download({ path })).json()).toMatchObject({ code: 422 });
    }
    for (const name of ['..', '.', 'a/b', 'a\\b', '']) {
      expect((await post('mkdir', { name })).code).toBe(422);
      expect((await post('rename', { path: 'moved', name })).code).toBe(422);
    }
    expect(await names('moved')).toEqual(['dir/', 'one.txt']);
  });

  it("never reaches another user's files: each call sees only the caller's own tree", async () => {
    await put('private/secret.txt', 'secret');
    const [ownItem] = (await post('remove', { paths: ['private/secret.txt'] })).data.items as { id: number }[];
    expect(await names('', otherToken)).toEqual([]);
    expect((await post('list', { path: 'private' }, otherToken)).code).toBe(404);
    expect((await post('list-dir', { path: 'private' }, otherToken)).code).toBe(404);
    expect((await post('rename', { path: 'moved', name: 'x' }, otherToken)).code).toBe(404);
    expect((await post('move', { paths: ['moved'], target: '' }, otherToken)).code).toBe(404);
    expect((await post('copy', { paths: ['moved'], target: '' }, otherToken)).code).toBe(404);
    expect((await post('remove', { paths: ['moved'] }, otherToken)).code).toBe(404);
    expect((await post('trash/restore', { id: ownItem!.id }, otherToken)).code).toBe(404);
    expect((await post('trash/delete', { id: ownItem!.id }, otherToken)).code).toBe(404);
    expect((await post('trash/list', {}, otherToken)).data).toEqual([]);
    expect((await download({ path: 'moved/one.txt' }, {}, otherToken)).json()).toMatchObject({ code: 404 });
    expect((await post('open', {}, otherToken)).data.used).toEqual({ bytes: 0, files: 0 });
    expect(await post('trash/restore', { id: ownItem!.id })).toMatchObject({ code: 200 });
  });
});
