import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZipFile } from 'yazl';
import { downloadRecords } from '../db/index.js';
import { notFound } from '../errors.js';
import type { FileTree } from './file-trees.js';
import { internalName } from '../lib/index.js';
import type { FileEntry, FileSystem } from './file-system.js';
import { inTree, treePath } from './tree-operations.js';

/** `attachment` with the name kept whole for every browser (RFC 6266 / 5987), and an ASCII fallback. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The bytes a `Range` header asks of a file of `size` (one range; RFC 9110): null for the whole file
 * (no header, several ranges, a unit other than bytes), 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || last < start) return 'unsatisfiable';
  return { start, end: last + 1 };
}

/** A strong validator of the file's content as stored: its size and modification time. */
function entityTag(entry: { size: number; modifiedAt: Date }): string {
  return `"${entry.size.toString(16)}-${entry.modifiedAt.getTime().toString(16)}"`;
}

/** The range a request is answered with; RFC 9110 §13.1.5: a resumed download names the version it holds, and a file changed since is sent whole. */
function chosenRange(request: FastifyRequest, entry: FileEntry) {
  const ifRange = request.headers['if-range'];
  return ifRange === undefined || ifRange === entityTag(entry) ? requestedRange(request.headers.range, entry.size) : null;
}

async function record(app: FastifyInstance, tree: FileTree, relative: string, isDir: boolean, bytes: number) {
  await app.db
    .insert(downloadRecords)
    .values({ userId: tree.userId, tree: tree.key, path: relative, isDir, bytes, createdAt: app.clock.now() });
}

/** What a download reads of a tree of files: a file system, or a read-only view of one (a cloud disk's blobs). */
export type ReadableFiles = Pick<FileSystem, 'list' | 'stat' | 'read' | 'usage'>;

/** The server's own names (the trash, half-written files) never leave it. */
const ownName = internalName('');

/** Adds every file under `folder` to the zip, named below `prefix`; streams open one at a time, as the zip reaches them. */
async function addFolder(files: ReadableFiles, zip: ZipFile, folder: string, prefix: string): Promise<void> {
  const entries = (await files.list(folder)).filter((entry) => !entry.name.startsWith(ownName));
  if (entries.length === 0) zip.addEmptyDirectory(prefix, { mtime: new Date(0) });
  for (const entry of entries) {
    const name = `${prefix}/${entry.name}`;
    if (entry.isDir) await addFolder(files, zip, entry.path, name);
    else
      zip.addReadStreamLazy(name, { mtime: entry.modifiedAt, size: entry.size }, (done) => {
        files.read(entry.path).then(
          (stream) => done(null, stream),
          (error: Error) => done(error, undefined as never),
        );
      });
  }
}

/**
 * Answers `entry` (at `relative` in `files`): a file whole or the range asked (206, resumable), a folder as one zip
 * stream named `<name>.zip`, read a file at a time so memory stays flat whatever the folder holds.
 */
export async function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  files: ReadableFiles,
  relative: string,
  entry: FileEntry,
): Promise<FastifyReply> {
  reply.header('cache-control', 'private, no-store');
  if (entry.isDir) {
    // yazl is imported by the first folder downloaded, not at start-up (issue 31).
    const zip = new (await import('yazl')).ZipFile();
    await inTree(() => addFolder(files, zip, relative, entry.name));
    zip.end();
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(`${entry.name}.zip`))
      .send(zip.outputStream);
  }

  const etag = entityTag(entry);
  const range = chosenRange(request, entry);
  reply.header('accept-ranges', 'bytes').header('etag', etag).header('content-disposition', attachment(entry.name));
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${entry.size}`).header('content-type', 'text/plain').send('');
  }
  const { start, end } = range ?? { start: 0, end: entry.size };
  const stream = await inTree(() => files.read(relative, { start, end }));
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end - 1}/${entry.size}`);
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-length', String(end - start))
    .send(stream);
}

/** Whether a request is answered from a file's first byte (a new download, not a resumed one). */
export function fromTheStart(request: FastifyRequest, entry: FileEntry): boolean {
  if (entry.isDir) return true;
  const range = chosenRange(request, entry);
  return range === null || (range !== 'unsatisfiable' && range.start === 0);
}

/**
 * Answers a download of a file or folder of a tree: a file whole or the range asked (206, resumable),
 * a folder as one zip stream; the name kept in Chinese; a row in 我的下载 for each.
 */
export async function sendTreeDownload(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  tree: FileTree,
  pathText: string,
): Promise<FastifyReply> {
  const relative = treePath(pathText, '文件路径');
  const entry = relative ? await inTree(() => tree.fs.stat(relative)) : null;
  if (!entry) throw notFound('文件不存在或已删除');
  if (fromTheStart(request, entry)) {
    const bytes = entry.isDir ? (await inTree(() => tree.fs.usage(relative))).bytes : entry.size;
    await record(app, tree, relative, entry.isDir, bytes);
  }
  return sendEntry(request, reply, tree.fs, relative, entry);
}
