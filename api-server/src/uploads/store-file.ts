import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sliceMd5Bytes } from '@rc/api-contract/orion/upload';
import { storedFiles } from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import { inTree, openTree, placeTreeFile, type FileEntry, type FileTree, treeArea, treeClash, writeTreeFile } from '../storage/index.js';
import { pathClash, type Placement } from './path-clash.js';
import { ensureRoomFor } from './quota.js';
import { chunkCount } from './chunk-layout.js';
import { discardUpload, findUpload, findUploadById, receivedChunks, type UploadIdentity, type UploadRow } from './upload-sessions.js';
import { areaKey, assemblyKey } from './user-areas.js';
import { noteUserChange } from '../accounts/index.js';

export type StoredFile = typeof storedFiles.$inferSelect;

/** Where a file uploaded into a file tree goes. */
export const treePlacement = (tree: FileTree, path: string): Placement => ({ area: treeArea(tree), path, tree });

const treeKeyOfArea = (area: string) => (area.startsWith('tree:') ? area.slice('tree:'.length) : null);

/** The bytes of a stored file, from its tree or from the blob store. */
async function contentOf(app: FastifyInstance, userId: number, file: StoredFile): Promise<Readable> {
  const treeKey = treeKeyOfArea(file.area);
  if (treeKey === null) return app.blobs.readRange(areaKey(userId, file.area, file.path), 0, file.size);
  return (await openTree(app, userId, treeKey)).fs.read(file.path);
}

const wholeSeconds = (time: Date) => Math.floor(time.getTime() / 1000);

/**
 * Whether a file of a tree still holds what an upload placed there: its size, and the modification time pinned to the
 * record's time when it was placed (`record`). A tree is written over SSH and SFTP too, which record nothing.
 */
const treeFileAsRecorded = (entry: Pick<FileEntry, 'size' | 'modifiedAt'>, file: Pick<StoredFile, 'size' | 'createdAt'>) =>
  entry.size === file.size && wholeSeconds(entry.modifiedAt) === wholeSeconds(file.createdAt);

/** Whether the file a row records is there and still holds the recorded content (by size, and in a tree by time too). */
async function stillAsRecorded(app: FastifyInstance, userId: number, file: StoredFile): Promise<boolean> {
  const treeKey = treeKeyOfArea(file.area);
  if (treeKey === null) return (await app.blobs.stat(areaKey(userId, file.area, file.path)))?.size === file.size;
  const entry = await openTree(app, userId, treeKey)
    .then((tree) => tree.fs.stat(file.path))
    .catch(() => null);
  return entry !== null && !entry.isDir && treeFileAsRecorded(entry, file);
}

/** The MD5 recorded for a file placed before it was hashed (never an MD5: those are 32 hexadecimal digits). */
const unhashedMd5 = '';

/**
 * Records the MD5 of a file placed before it was hashed, hashing it on the MD5 thread: only while the file still holds
 * what was placed (before and after hashing), and only into that placement's record (not one written over it since).
 */
export async function recordPlacedMd5(app: FastifyInstance, file: StoredFile): Promise<void> {
  if (!(await stillAsRecorded(app, file.userId, file))) return;
  const md5 = await app.uploads.md5.hashOf(await contentOf(app, file.userId, file));
  if (!(await stillAsRecorded(app, file.userId, file))) return;
  await app.db
    .update(storedFiles)
    .set({ md5 })
    .where(and(eq(storedFiles.id, file.id), eq(storedFiles.md5, unhashedMd5), eq(storedFiles.createdAt, file.createdAt)));
}

/**
 * Files placed since `since` and not hashed yet (see `recordPlacedMd5`), newest first: those whose hashing a restart or
 * a failure cut short, and those written over SSH or SFTP before they were hashed (which stay so).
 */
export const filesNotHashedYet = (app: FastifyInstance, since: Date, limit: number): Promise<StoredFile[]> =>
  app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.md5, unhashedMd5), gt(storedFiles.createdAt, since)))
    .orderBy(desc(storedFiles.id))
    .limit(limit);

/** A file of this user with the same content, which an upload can be completed from without chunks (秒传). */
export async function instantSource(app: FastifyInstance, userId: number, md5: string, size: number): Promise<StoredFile | undefined> {
  const rows = await app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), eq(storedFiles.md5, md5), eq(storedFiles.size, size)))
    .limit(10);
  for (const row of rows) if (await stillAsRecorded(app, userId, row)) return row;
  return undefined;
}

/** The MD5 recorded for each of these files of a tree (by path) that still holds what was uploaded; others are absent. */
export async function recordedMd5s(app: FastifyInstance, userId: number, tree: FileTree, files: FileEntry[]): Promise<Map<string, string>> {
  const paths = files.filter((file) => !file.isDir).map((file) => file.path);
  if (paths.length === 0) return new Map();
  const rows = await app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), eq(storedFiles.area, treeArea(tree)), inArray(storedFiles.path, paths)));
  const recorded = new Map(rows.map((row) => [row.path, row]));
  const md5s = new Map<string, string>();
  for (const file of files) {
    const row = recorded.get(file.path);
    if (row && treeFileAsRecorded(file, row)) md5s.set(file.path, row.md5);
  }
  return md5s;
}

/** Same-size files read for their first bytes at most; with more, hashing the upload is taken to pay. */
const startsCompared = 16;

/** The MD5 of a stored file's first `sliceMd5Bytes` (all of it when smaller), as the browser computes `sliceMd5`. */
async function sliceMd5Of(app: FastifyInstance, userId: number, file: StoredFile): Promise<string> {
  const end = Math.min(file.size, sliceMd5Bytes);
  const treeKey = treeKeyOfArea(file.area);
  const bytes =
    treeKey === null
      ? app.blobs.readRange(areaKey(userId, file.area, file.path), 0, end)
      : await (await openTree(app, userId, treeKey)).fs.read(file.path, { start: 0, end });
  const hash = createHash('md5');
  for await (const piece of bytes) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/**
 * Whether the user stores a file that may hold the same content as an upload of `size` bytes: one of exactly that size
 * and, when the browser sent `sliceMd5`, with the same first 256 KiB (by the records; a file gone or unreadable since
 * counts as a match and only costs a needless hash).
 */
export async function storesSameStart(app: FastifyInstance, userId: number, size: number, sliceMd5: string | undefined): Promise<boolean> {
  const candidates = await app.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.userId, userId), eq(storedFiles.size, size)))
    .limit(sliceMd5 ? startsCompared + 1 : 1);
  if (candidates.length === 0) return false;
  if (!sliceMd5 || candidates.length > startsCompared) return true;
  for (const file of candidates) {
    const start = await sliceMd5Of(app, userId, file).catch(() => null);
    if (start === null || start === sliceMd5.toLowerCase()) return true;
  }
  return false;
}

/**
 * Asked of an upload opened before its MD5 was known, once the client has the MD5: when the user
 * already stores this content, the upload is given up (its chunks removed, its reservation freed)
 * and true is returned; the merge then copies the stored file (秒传).
 */
export async function giveUpIfHeld(app: FastifyInstance, userId: number, upload: UploadRow, md5: string): Promise<boolean> {
  if (!(await instantSource(app, userId, md5, upload.fileSize))) return false;
  await discardUpload(app, upload);
  return true;
}

/** Records the file placed at `placement`; one in a tree gets the record's time as its modification time. */
async function record(app: FastifyInstance, userId: number, placement: Placement, size: number, md5: string): Promise<StoredFile> {
  const recordedAt = app.clock.now();
  const { tree } = placement;
  if (tree) await inTree(() => tree.fs.setModified(placement.path, recordedAt));
  const values = {
    userId,
    area: placement.area,
    path: placement.path,
    size,
    md5,
    contentType: placement.contentType ?? '',
    createdAt: recordedAt,
  };
  const [row] = await app.db
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [storedFiles.userId, storedFiles.area, storedFiles.path],
      set: { size, md5, contentType: values.contentType, createdAt: values.createdAt },
    })
    .returning();
  return row!;
}

/**
 * Puts the uploaded content at `placement`: the upload's assembled chunks when all arrived (if the
 * whole file's MD5 is the one the client declared, when it declared one), or a copy of a stored file with the same
 * content. The file appears in one atomic move, or not at all.
 */
export async function storeUploadedFile(
  app: FastifyInstance,
  userId: number,
  identity: UploadIdentity,
  placement: Placement,
): Promise<StoredFile> {
  const target = areaKey(userId, placement.area, placement.path);
  const upload = identity.uploadId
    ? await findUploadById(app, userId, identity.kind, identity.uploadId)
    : await findUpload(app, userId, identity);
  if (upload && (upload.chunkSize !== identity.chunkSize || upload.fileSize !== identity.fileSize))
    throw invalid('分片大小或文件大小与上传任务不符');
  const count = chunkCount(identity);
  const received = upload ? await receivedChunks(app, upload) : [];
  const clash = placement.tree ? await treeClash(placement.tree, placement.path) : await pathClash(app, userId, placement);
  if (clash) {
    // Renaming the target means uploading again: the upload is given up, so its reserved space is free now.
    if (upload) await discardUpload(app, upload);
    throw conflict(clash);
  }

  if (upload && received.length === count) {
    const placedMd5 = await movedBeforeCrash(app, upload, placement, target, identity.md5);
    if (placedMd5) {
      const stored = await record(app, userId, placement, upload.fileSize, placedMd5);
      await discardUpload(app, upload);
      noteUpload(userId, { ...identity, md5: stored.md5 }, upload, 'merged');
      return stored;
    }
    // Usually hashed already while the chunks arrived; after a restart, hashed now. An upload nobody declared an MD5
    // for, left unhashed as it arrived, is recorded without one and hashed once placed: the answer does not wait for it.
    const hashOncePlaced = !identity.md5 && app.uploads.md5.isDeferred(upload.id);
    const md5 = hashOncePlaced ? unhashedMd5 : await app.uploads.md5.digest(upload);
    if (md5 === null) throw new Error(`upload ${upload.id}: the assembled chunks could not be read back to hash them`);
    if (identity.md5 && md5 !== identity.md5) {
      await discardUpload(app, upload);
      noteUpload(userId, identity, upload, 'failed');
      throw invalid('文件校验失败（MD5不一致），请重新上传');
    }
    if (placement.tree) {
      const assembly = assemblyKey(upload.id);
      const read = () => app.blobs.readRange(assembly, 0, upload.fileSize);
      await placeTreeFile(placement.tree, placement.path, app.blobs.localFile?.(assembly), read, upload.fileSize);
    } else await app.blobs.move(assemblyKey(upload.id), target);
    // Recorded before the upload is discarded: a merge cut short here is finished when asked again (movedBeforeCrash).
    const stored = await record(app, userId, placement, upload.fileSize, md5);
    await discardUpload(app, upload);
    noteUpload(userId, { ...identity, md5: stored.md5 }, upload, 'merged');
    if (hashOncePlaced) app.uploads.placedFiles.hash(stored);
    return stored;
  }

  const source = identity.md5 ? await instantSource(app, userId, identity.md5, identity.fileSize) : undefined;
  if (!source) throw conflict(`文件分片不完整（已收到${received.length}/${count}），请继续上传`);
  if (upload) await discardUpload(app, upload);
  if (placement.tree) {
    await writeTreeFile(placement.tree, placement.path, await contentOf(app, userId, source), source.size);
  } else {
    await ensureRoomFor(app, userId, identity.fileSize, placement);
    if (treeKeyOfArea(source.area) === null) await app.blobs.copy(areaKey(userId, source.area, source.path), target);
    else await app.blobs.put(target, await contentOf(app, userId, source), { maxBytes: source.size });
  }
  const stored = await record(app, userId, placement, source.size, source.md5);
  noteUpload(userId, { ...identity, md5: stored.md5 }, upload, 'merged');
  return stored;
}

/**
 * Whether an earlier merge of this upload moved its assembled bytes to its place (`target` in the blob store, or
 * the placement's tree) and stopped (the server died) before the file was recorded: the assembly is gone and the
 * place holds the upload's size of bytes, with the declared MD5 when one was declared. Answers the placed bytes' MD5
 * then, null otherwise.
 */
async function movedBeforeCrash(
  app: FastifyInstance,
  upload: UploadRow,
  placement: Placement,
  target: string,
  declaredMd5: string,
): Promise<string | null> {
  if (await app.blobs.stat(assemblyKey(upload.id))) return null;
  const { tree } = placement;
  const placed = tree ? await tree.fs.stat(placement.path).catch(() => null) : await app.blobs.stat(target);
  if (placed?.size !== upload.fileSize) return null;
  const hash = createHash('md5');
  const bytes = tree ? await tree.fs.read(placement.path) : app.blobs.readRange(target, 0, upload.fileSize);
  for await (const chunk of bytes) hash.update(chunk as Buffer);
  const md5 = hash.digest('hex');
  return !declaredMd5 || md5 === declaredMd5 ? md5 : null;
}

/** Tells the user's tabs (the upload list) how the upload of `identity` ended. */
function noteUpload(userId: number, identity: UploadIdentity, upload: UploadRow | undefined, status: 'merged' | 'failed') {
  noteUserChange(userId, 'uploads', {
    upload: { uploadId: upload?.id ?? identity.uploadId ?? null, md5: identity.md5, fileName: identity.fileName, status },
  });
}
