import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * Multipart forms (chunk uploads, images, attachments): one file of at most a chunk, a few short text fields.
 * Registered by each route plugin that reads a form, not by the app: its request and response hooks would run on
 * every other request too.
 */
export default fp(
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 4096, fileSize: app.config.uploads.maxChunkSize } });
  },
  { name: 'multipart', dependencies: ['core'] },
);
