import fp from 'fastify-plugin';
import type { onRequestHookHandler } from 'fastify';
import { IncrementalMd5, PlacedFileHashes } from '../../uploads/index.js';
import type { UploadSettings } from '../../config.js';
import { loadSigningSecret } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: {
      settings: UploadSettings;
      signingSecret: Buffer;
      md5: IncrementalMd5;
      /** Files placed before they were hashed (large uploads sent unhashed), hashed after their merge answered. */
      placedFiles: PlacedFileHashes;
      /** Route hook for chunk receivers: cuts the connection of a share of requests (fault injection). */
      dropSomeChunks: onRequestHookHandler;
    };
  }
}

/**
 * Upload settings, the signing key of presigned URLs, incremental MD5s and the hashing of files placed unhashed
 * (abandoned uploads are cleaned by a periodic job, periodic-jobs.ts).
 */
export default fp(
  async (app) => {
    const settings = app.config.uploads;
    const dropSomeChunks: onRequestHookHandler = async (request, reply) => {
      if (Math.random() >= settings.faultInjection.dropChunkRatio) return;
      request.log.warn('fault injection: dropping a chunk request');
      reply.hijack();
      request.raw.socket.destroy();
    };
    const md5 = new IncrementalMd5(app.blobs);
    const placedFiles = new PlacedFileHashes(app);
    app.decorate('uploads', {
      md5,
      placedFiles,
      settings,
      signingSecret: loadSigningSecret(app.config),
      dropSomeChunks,
    });

    app.addHook('onClose', async () => {
      const hashed = placedFiles.close();
      await md5.close();
      await hashed;
    });
  },
  { name: 'uploads', dependencies: ['core', 'blob-store'] },
);
