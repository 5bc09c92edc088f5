import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/index.js';
import { type BlobStore, createBlobStore } from '../blobs/index.js';

/** A site's database and blob store, as the server with this configuration would open them, for operator commands. */
export interface SiteData {
  config: AppConfig;
  db: Database;
  kind: 'pglite' | 'postgres';
  blobs: BlobStore;
  close(): Promise<void>;
}

/**
 * Opens them while no server holds the PGlite folder (DataDirLockedError otherwise); `migrations` as in openDatabase.
 * The local blob store keeps its signing key in the data folder, made there on first use.
 */
export async function openSiteData(config: AppConfig, options: { migrations?: string } = {}): Promise<SiteData> {
  const database = await openDatabase({ ...config, migrations: options.migrations });
  return { config, db: database.db, kind: database.kind, blobs: await createBlobStore(config), close: () => database.close() };
}
