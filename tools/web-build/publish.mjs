// Writes build output under dist/web/modules/ by content hash. An existing hashed file is never
// rewritten: a deploy uploads new files next to the old ones, then swaps the import map.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { modulesDir } from './paths.mjs';

const compressible = new Set(['.js', '.css', '.svg', '.json', '.html']);

/** @param {string} file @param {string | Uint8Array} content */
export async function writeAtomically(file, content) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

// Asynchronous zlib runs on libuv's thread pool, so compression overlaps the next Vite build.
/** @param {Buffer} content */
const gzip = (content) => promisify(gzipCallback)(content, { level: 9 });
/** @param {Buffer} content */
const brotli = (content) =>
  promisify(brotliCompress)(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });

/** @typedef {{ url: string, bytes: number, gzipBytes: number, written: boolean }} PublishedFile */

/**
 * Writes `content` (plus .gz/.br siblings for text) and returns the URL path of the hashed file.
 * @returns {Promise<PublishedFile>}
 * @param {string} stem @param {string} extension @param {string | Uint8Array} content
 */
export function publish(stem, extension, content) {
  const bytes = Buffer.from(content);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return publishAs(`${stem}.${hash}${extension}`, bytes);
}

/**
 * `publish` under a name the build already made unique by its content (a lazy chunk, named in its
 * importer's code).
 * @returns {Promise<PublishedFile>}
 * @param {string} fileName @param {string | Uint8Array} content
 */
export async function publishAs(fileName, content) {
  const bytes = Buffer.from(content);
  const file = path.join(modulesDir, fileName);
  const compress = compressible.has(path.extname(fileName));
  const written = !existsSync(file);
  if (written) {
    if (compress) {
      const [gzipped, brotlied] = await Promise.all([gzip(bytes), brotli(bytes)]);
      await writeAtomically(`${file}.gz`, gzipped);
      await writeAtomically(`${file}.br`, brotlied);
    }
    await writeAtomically(file, bytes);
  }
  const gzipBytes = compress ? statSync(`${file}.gz`).size : bytes.length;
  return { url: `/modules/${fileName}`, bytes: bytes.length, gzipBytes, written };
}
