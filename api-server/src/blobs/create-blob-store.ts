import path from 'node:path';
import type { AppConfig } from '../config.js';
import { loadSigningSecret } from '../lib/index.js';
import type { BlobStore } from './blob-store.js';
import { LocalFolderStore } from './local-folder-store.js';
import { TransferSigner } from './local-transfer.js';

/**
 * Where uploaded bytes live: a folder under the data directory, or an S3 bucket (BLOB_STORE=s3), whose client (the
 * AWS SDK) is imported only then: a site on the local folder never loads it (issue 31).
 */
export async function createBlobStore(config: AppConfig): Promise<BlobStore> {
  if (config.blobs.store === 's3') return new (await import('./s3-blob-store.js')).S3BlobStore(config.blobs.s3);
  return new LocalFolderStore(path.join(config.dataDir, 'blobs'), new TransferSigner(loadSigningSecret(config)));
}
