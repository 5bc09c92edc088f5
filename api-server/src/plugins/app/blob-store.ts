import fp from 'fastify-plugin';
import { type BlobStore, createBlobStore } from '../../blobs/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live: chunks, assemblies and stored files. */
    blobs: BlobStore;
  }
}

export default fp(
  async (app) => {
    app.decorate('blobs', await createBlobStore(app.config));
  },
  { name: 'blob-store', dependencies: ['core'] },
);
