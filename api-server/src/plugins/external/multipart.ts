import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/** Multipart forms (the chunk uploads of file storage and videos): one file of at most a chunk, a few short text fields. */
export default fp(
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 4096, fileSize: app.config.uploads.maxChunkSize } });
  },
  { name: 'multipart', dependencies: ['core'] },
);
