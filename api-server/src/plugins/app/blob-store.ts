import path from 'node:path';
import fp from 'fastify-plugin';
import type { BlobStore } from '../../blobs/blob-store.js';
import { LocalFolderStore } from '../../blobs/local-folder-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live: chunks, assemblies and stored files. */
    blobs: BlobStore;
  }
}

export default fp(
  async (app) => {
    app.decorate('blobs', new LocalFolderStore(path.join(app.config.dataDir, 'blobs')));
  },
  { name: 'blob-store', dependencies: ['core'] },
);
