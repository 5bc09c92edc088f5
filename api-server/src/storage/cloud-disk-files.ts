import type { BlobStore } from '../blobs/index.js';
import type { FileEntry } from './file-system.js';
import type { ReadableFiles } from './tree-downloads.js';

const lastSegment = (path: string) => path.split('/').at(-1)!;

/**
 * A cloud disk's objects under `root` seen as a tree of files and folders (a folder is a key prefix ending in `/`),
 * read-only: what a share link lists, zips and downloads.
 */
export function cloudDiskFiles(blobs: BlobStore, root: string): ReadableFiles {
  const key = (path: string) => root + path;
  return {
    async list(folder) {
      const prefix = key(folder ? `${folder}/` : '');
      const entries: FileEntry[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await blobs.listPage(prefix, { delimiter: '/', continuationToken });
        for (const sub of page.commonPrefixes) {
          const name = sub.slice(prefix.length, -1);
          entries.push({ name, path: folder ? `${folder}/${name}` : name, isDir: true, size: 0, modifiedAt: new Date(0) });
        }
        for (const object of page.objects) {
          if (object.key === prefix || object.key.endsWith('/')) continue;
          const name = object.key.slice(prefix.length);
          entries.push({
            name,
            path: folder ? `${folder}/${name}` : name,
            isDir: false,
            size: object.size,
            modifiedAt: object.lastModified,
          });
        }
        continuationToken = page.nextContinuationToken;
      } while (continuationToken);
      return entries;
    },
    async stat(path) {
      // Keys sort `a` before `a.txt` and `a/…`, so the first key under the prefix is the file when there is one.
      const [first] = (await blobs.listPage(key(path), { maxKeys: 1 })).objects;
      if (first?.key === key(path))
        return { name: lastSegment(path), path, isDir: false, size: first.size, modifiedAt: first.lastModified };
      const [inside] = (await blobs.listPage(key(`${path}/`), { maxKeys: 1 })).objects;
      return inside ? { name: lastSegment(path), path, isDir: true, size: 0, modifiedAt: inside.lastModified } : null;
    },
    async usage(folder = '') {
      let bytes = 0;
      let files = 0;
      let continuationToken: string | undefined;
      do {
        const page = await blobs.listPage(key(folder ? `${folder}/` : ''), { continuationToken });
        for (const object of page.objects.filter((each) => !each.key.endsWith('/'))) {
          bytes += object.size;
          files += 1;
        }
        continuationToken = page.nextContinuationToken;
      } while (continuationToken);
      return { bytes, files };
    },
    async read(path, range) {
      const end = range?.end ?? (await blobs.stat(key(path)))?.size ?? 0;
      return blobs.readRange(key(path), range?.start ?? 0, end);
    },
  };
}
