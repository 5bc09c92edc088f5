import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../db/index.js';
import { discardUpload } from './upload-sessions.js';

/** Removes uploads idle for longer than `abandonedAfterMs`, with their chunks and any interrupted writes. */
export async function cleanAbandonedUploads(app: FastifyInstance): Promise<number> {
  const cutoff = new Date(app.clock.now().getTime() - app.uploads.settings.abandonedAfterMs);
  const abandoned = await app.db.select().from(uploads).where(lt(uploads.lastActivityAt, cutoff));
  for (const upload of abandoned) await discardUpload(app, upload);
  await app.blobs.sweepTemporary(cutoff);
  return abandoned.length;
}
