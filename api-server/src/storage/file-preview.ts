import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderMarkdown } from '../content/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { cloudDiskRoot, ensureCloudRoom, type CloudDisk } from './cloud-disk.js';
import type { FileTree } from './file-trees.js';
import { inTree, treePath, writeTreeFile } from './tree-operations.js';

/** The most of a file a text preview shows: its first (or, for a log being written, its last) 512 KB. */
const textWindowBytes = 512 * 1024;
/** A text file up to this size opens for editing (job scripts, configs); a larger one is only shown. */
const editableTextBytes = 256 * 1024;
/** Images and PDFs up to this size are shown in the page; a larger one is downloaded instead. */
const inlineFileBytes = 50 * 1024 * 1024;

/** A file a preview reads: its name, its size and its bytes [start, end). */
interface PreviewSource {
  name: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

interface TextPreview {
  name: string;
  size: number;
  text: string;
  /** Only part of the file is shown: its start, or its end when `tail` was asked. */
  truncated: boolean;
  /** The bytes are not text (a NUL among them, or not UTF-8): nothing is shown. */
  binary: boolean;
  /** Small enough text to open in the editor and save. */
  editable: boolean;
  /** A Markdown file (.md) rendered, for the page to sanitise and show; null for any other file. */
  html: string | null;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Cuts a window's edges back to whole characters and (for a tail) whole lines, then decodes it; null when it is not UTF-8 text. */
function textOf(bytes: Buffer, cutStart: boolean, cutEnd: boolean): string | null {
  if (bytes.includes(0)) return null;
  let start = 0;
  let end = bytes.length;
  if (cutStart) {
    const newline = bytes.indexOf(0x0a);
    start = newline >= 0 ? newline + 1 : 0;
    while (start < end && (bytes[start]! & 0xc0) === 0x80) start++;
  }
  if (cutEnd) {
    let lead = end - 1;
    while (lead > start && (bytes[lead]! & 0xc0) === 0x80) lead--;
    const width = bytes[lead]! >= 0xf0 ? 4 : bytes[lead]! >= 0xe0 ? 3 : bytes[lead]! >= 0xc0 ? 2 : 1;
    if (lead + width > end) end = lead;
  }
  try {
    return utf8.decode(bytes.subarray(start, end));
  } catch {
    return null;
  }
}

async function previewText(source: PreviewSource, tail: boolean): Promise<TextPreview> {
  const truncated = source.size > textWindowBytes;
  const start = tail && truncated ? source.size - textWindowBytes : 0;
  const end = Math.min(source.size, start + textWindowBytes);
  const text = end > start ? textOf(await bytesOf(await source.read(start, end)), start > 0, end < source.size) : '';
  return {
    name: source.name,
    size: source.size,
    text: text ?? '',
    truncated,
    binary: text === null,
    editable: text !== null && source.size <= editableTextBytes,
    html: text !== null && /\.(md|markdown)$/i.test(source.name) ? renderMarkdown(text) : null,
  };
}

/** Text to save: at most `editableTextBytes` once encoded. */
function savedBytes(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > editableTextBytes) throw invalid(`文件内容超过${editableTextBytes / 1024}KB，无法在线保存，请下载后编辑`);
  return bytes;
}

const inlineTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
};

/** Answers an image or a PDF for the page to show (not a download: nothing is recorded in 我的下载). */
async function sendInline(reply: FastifyReply, source: PreviewSource): Promise<FastifyReply> {
  const type = inlineTypes[path.posix.extname(source.name).toLowerCase()];
  if (!type) throw invalid('该类型的文件不支持预览，请下载后查看');
  if (source.size > inlineFileBytes) throw invalid(`文件超过${inlineFileBytes / 1024 / 1024}MB，请下载后查看`);
  return reply
    .header('content-type', type)
    .header('content-length', String(source.size))
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .send(await source.read(0, source.size));
}

async function treeSource(tree: FileTree, pathText: string): Promise<PreviewSource & { relative: string }> {
  const relative = treePath(pathText, '文件路径');
  const entry = relative ? await inTree(() => tree.fs.stat(relative)) : null;
  if (!entry) throw notFound('文件不存在或已删除');
  if (entry.isDir) throw invalid(`「${entry.name}」是文件夹，不能预览`);
  return { relative, name: entry.name, size: entry.size, read: (start, end) => inTree(() => tree.fs.read(relative, { start, end })) };
}

/** The text of a file of a tree: its first 512 KB, or its last ones (`tail`, for a log still being written). */
export async function readTreeText(tree: FileTree, pathText: string, options: { tail?: boolean } = {}): Promise<TextPreview> {
  return previewText(await treeSource(tree, pathText), options.tail ?? false);
}

/** Saves edited text over a small text file of a tree (quota checked, the old size given back). */
export async function saveTreeText(tree: FileTree, pathText: string, text: string): Promise<{ size: number }> {
  if (!tree.writable) throw conflict(`${tree.label}已冻结（欠费），充值后即可恢复写入`);
  const source = await treeSource(tree, pathText);
  if (source.size > editableTextBytes) throw invalid(`「${source.name}」超过${editableTextBytes / 1024}KB，无法在线编辑，请下载后编辑`);
  const bytes = savedBytes(text);
  await writeTreeFile(tree, source.relative, Readable.from([bytes]), bytes.length);
  return { size: bytes.length };
}

export async function sendTreeInline(reply: FastifyReply, tree: FileTree, pathText: string): Promise<FastifyReply> {
  return sendInline(reply, await treeSource(tree, pathText));
}

async function cloudSource(app: FastifyInstance, disk: CloudDisk, key: string): Promise<PreviewSource & { full: string }> {
  const full = cloudDiskRoot(disk.userId, disk.regionCode) + key;
  const stat = key.endsWith('/') ? null : await app.blobs.stat(full);
  if (!stat) throw notFound('文件不存在或已删除');
  return { full, name: key.split('/').at(-1)!, size: stat.size, read: async (start, end) => app.blobs.readRange(full, start, end) };
}

/** The text of a cloud disk object (`key` already checked), as `readTreeText`. */
export async function readCloudText(app: FastifyInstance, disk: CloudDisk, key: string): Promise<TextPreview> {
  return previewText(await cloudSource(app, disk, key), false);
}

/** Saves edited text over a small text object of the cloud disk (`disk` opened for writing). */
export async function saveCloudText(app: FastifyInstance, disk: CloudDisk, key: string, text: string): Promise<{ size: number }> {
  const source = await cloudSource(app, disk, key);
  if (source.size > editableTextBytes) throw invalid(`「${source.name}」超过${editableTextBytes / 1024}KB，无法在线编辑，请下载后编辑`);
  const bytes = savedBytes(text);
  await ensureCloudRoom(app, disk, bytes.length - source.size);
  await app.blobs.put(source.full, Readable.from([bytes]), { maxBytes: bytes.length });
  return { size: bytes.length };
}

export async function sendCloudInline(app: FastifyInstance, reply: FastifyReply, disk: CloudDisk, key: string): Promise<FastifyReply> {
  return sendInline(reply, await cloudSource(app, disk, key));
}
