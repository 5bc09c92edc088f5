import fp from 'fastify-plugin';
import type { onRequestHookHandler } from 'fastify';
import { IncrementalMd5 } from '../../uploads/index.js';
import type { UploadSettings } from '../../config.js';
import { loadSigningSecret } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: {
      settings: UploadSettings;
      signingSecret: Buffer;
      md5: IncrementalMd5;
      /** Route hook for chunk receivers: cuts the connection of a share of requests (fault injection). */
      dropSomeChunks: onRequestHookHandler;
    };
  }
}

/** Upload settings, the signing key of presigned URLs, and incremental MD5s (abandoned uploads are cleaned by a periodic job, periodic-jobs.ts). */
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
    app.decorate('uploads', {
      md5,
      settings,
      signingSecret: loadSigningSecret(app.config),
      dropSomeChunks,
    });

    app.addHook('onClose', async () => {
      await md5.close();
    });
  },
  { name: 'uploads', dependencies: ['core', 'blob-store'] },
);
