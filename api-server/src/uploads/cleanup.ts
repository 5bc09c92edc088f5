import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../db/index.js';
import { discardUpload } from './upload-sessions.js';
import { filesNotHashedYet } from './store-file.js';

/**
 * Removes uploads idle for longer than `abandonedAfterMs`, with their chunks and any interrupted writes; hands the files
 * placed before they were hashed, whose hashing a restart or a failure cut short, to be hashed again.
 */
export async function cleanAbandonedUploads(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.clock.now().getTime() - app.uploads.settings.abandonedAfterMs);
  const abandoned = await app.db.select().from(uploads).where(lt(uploads.lastActivityAt, cutoff));
  for (const upload of abandoned) await discardUpload(app, upload);
  await app.blobs.sweepTemporary(cutoff);
  for (const file of await filesNotHashedYet(app, cutoff, 100)) app.uploads.placedFiles.hash(file);
  return abandoned.length;
}
