import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalFolderStore } from './local-folder-store.js';

/** Where uploaded bytes live: a folder under the data directory. */
export function createBlobStore(config: AppConfig): BlobStore {
  return new LocalFolderStore(path.join(config.dataDir, 'blobs'));
}
