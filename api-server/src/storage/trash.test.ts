import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMeteringPasses } from '../periodic-jobs.js';
import { messages, netDisks, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { netDiskTreeKey, openTree, type FileTree } from './file-trees.js';
import { deleteFromTrash, emptyTrash, listTrash, moveToTrash, restoreFromTrash, withoutTrash } from './trash.js';
import { ensureTreeRoom } from './tree-quota.js';

let t: TestApp;
let tree: FileTree;
let userId: number;
let otherUserId: number;
const day = 86_400_000;
const write = (path: string, text: string) => tree.fs.write(path, Readable.from([Buffer.from(text)]));
const read = async (path: string) => Buffer.concat(await (await tree.fs.read(path)).toArray()).toString();

beforeAll(async () => {
  t = await createTestApp();
  const [first, second] = await t.app.db.select({ id: users.id }).from(users).orderBy(users.id).limit(2);
  userId = first!.id;
  otherUserId = second!.id;
  const now = t.clock.now();
  await t.app.db.insert(netDisks).values({ userId, regionCode: 'cn-east-1', sizeGb: 1, quotaFiles: 5, activatedAt: now, paidThrough: now });
  tree = await openTree(t.app, userId, netDiskTreeKey('cn-east-1'));
});
afterAll(() => t.close());

describe('trash of a file tree', () => {
  it('moves a folder out of sight, lists it, and restores it whole', async () => {
    await write('runs/a/log.txt', 'first');
    await write('runs/b.txt', 'second');
    const item = await moveToTrash(t.app, tree, 'runs');
    expect(item).toMatchObject({ originalPath: 'runs', isDir: true, bytes: 11, files: 2 });
    expect(withoutTrash('', await tree.fs.list(''))).toEqual([]);
    expect(await listTrash(t.app, userId, tree.key)).toHaveLength(1);
    await restoreFromTrash(t.app, userId, item.id);
    expect(await read('runs/a/log.txt')).toBe('first');
    expect(await listTrash(t.app, userId, tree.key)).toEqual([]);
    expect(withoutTrash('', await tree.fs.list('')).map((entry) => entry.name)).toEqual(['runs']);
  });

  it('refuses to restore over a file of the same name, and to touch another user’s item', async () => {
    const item = await moveToTrash(t.app, tree, 'runs/b.txt');
    await write('runs/b.txt', 'newer');
    await expect(restoreFromTrash(t.app, userId, item.id)).rejects.toMatchObject({ code: 409 });
    await expect(restoreFromTrash(t.app, otherUserId, item.id)).rejects.toMatchObject({ code: 404 });
    await expect(deleteFromTrash(t.app, otherUserId, item.id)).rejects.toMatchObject({ code: 404 });
    await deleteFromTrash(t.app, userId, item.id);
    expect(await read('runs/b.txt')).toBe('newer');
  });

  it('counts the trash in the quota until it is emptied', async () => {
    await write('x1', '1');
    await write('x2', '2');
    await moveToTrash(t.app, tree, 'x1');
    // 4 files held (log.txt, b.txt, x2, x1 in the trash) of 5: two more do not fit.
    await expect(ensureTreeRoom(tree, { bytes: 1, files: 2 })).rejects.toMatchObject({
      code: 409,
      message: expect.stringContaining('文件数超出上限'),
    });
    expect(await emptyTrash(t.app, userId, tree.key)).toBe(1);
    await expect(ensureTreeRoom(tree, { bytes: 1, files: 2 })).resolves.toMatchObject({ files: 3 });
    await expect(ensureTreeRoom(tree, { bytes: 2 * 1024 ** 3, files: 1 })).rejects.toMatchObject({
      message: expect.stringContaining('空间不足：需要 2.00 GB'),
    });
  });

  it('warns a day before an item goes, then removes it for good', async () => {
    const item = await moveToTrash(t.app, tree, 'x2');
    t.clock.advance(6 * day + 60_000);
    await runMeteringPasses(t.app);
    const warnings = await t.app.db.select().from(messages).where(eq(messages.userId, userId));
    expect(warnings.filter((message) => message.title === '回收站文件即将清除')).toHaveLength(1);
    await runMeteringPasses(t.app);
    expect(await listTrash(t.app, userId, tree.key)).toHaveLength(1);
    t.clock.advance(day);
    await runMeteringPasses(t.app);
    expect(await listTrash(t.app, userId, tree.key)).toEqual([]);
    expect(await tree.fs.stat(item.trashPath)).toBeNull();
    expect(
      (await t.app.db.select().from(messages).where(eq(messages.userId, userId))).filter((m) => m.title === '回收站文件即将清除'),
    ).toHaveLength(1);
  });
});
