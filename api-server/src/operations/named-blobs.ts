import { isNotNull, notLike } from 'drizzle-orm';
import type { BlobStore } from '../blobs/index.js';
import { type Database, courseAccessories, invoiceRequests, storedFiles } from '../db/index.js';
import { treeArea } from '../storage/index.js';
import { areaKey } from '../uploads/index.js';

/** A blob that a row of the database names, and that row (for messages). */
export interface NamedBlob {
  key: string;
  namedBy: string;
}

/** Every blob a row names: stored files outside the file trees (files, cloud disks, videos), course accessories, issued invoices. */
async function blobsNamedByDatabase(db: Database): Promise<NamedBlob[]> {
  const files = await db
    .select({ id: storedFiles.id, userId: storedFiles.userId, area: storedFiles.area, path: storedFiles.path })
    .from(storedFiles)
    .where(notLike(storedFiles.area, `${treeArea({ key: '' })}%`));
  const accessories = await db.select({ id: courseAccessories.id, key: courseAccessories.blobKey }).from(courseAccessories);
  const invoices = await db
    .select({ id: invoiceRequests.id, key: invoiceRequests.pdfKey })
    .from(invoiceRequests)
    .where(isNotNull(invoiceRequests.pdfKey));
  return [
    ...files.map((file) => ({ key: areaKey(file.userId, file.area, file.path), namedBy: `stored_files row ${file.id}` })),
    ...accessories.map((accessory) => ({ key: accessory.key, namedBy: `course_accessories row ${accessory.id}` })),
    ...invoices.map((invoice) => ({ key: invoice.key!, namedBy: `invoice_requests row ${invoice.id}` })),
  ];
}

/**
 * The blobs the database names now that are neither among `copied` nor in `store`: what a backup could not reach (on
 * a replica whose local blob store lacks the others' uploads, say). A row and its blob removed meanwhile are not named.
 */
export async function unreachableBlobs(db: Database, store: BlobStore, copied: ReadonlySet<string>): Promise<NamedBlob[]> {
  const unreachable: NamedBlob[] = [];
  for (const blob of await blobsNamedByDatabase(db)) {
    if (!copied.has(blob.key) && (await store.stat(blob.key)) === null) unreachable.push(blob);
  }
  return unreachable;
}
