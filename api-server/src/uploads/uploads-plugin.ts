import path from 'node:path';
import fp from 'fastify-plugin';
import type { onRequestHookHandler } from 'fastify';
import type { BlobStore } from '../blobs/blob-store.js';
import { LocalFolderStore } from '../blobs/local-folder-store.js';
import { cleanAbandonedUploads } from './cleanup.js';
import { IncrementalMd5 } from './incremental-md5.js';
import { loadSigningSecret, loadUploadSettings, type UploadSettings } from './upload-settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: {
      blobs: BlobStore;
      settings: UploadSettings;
      signingSecret: Buffer;
      md5: IncrementalMd5;
      /** Route hook for chunk receivers: cuts the connection of a share of requests (fault injection). */
      dropSomeChunks: onRequestHookHandler;
    };
  }
}

/** The blob store (a folder under the data directory), upload settings, and the hourly cleanup of abandoned uploads. */
export default fp(async (app) => {
  const settings = loadUploadSettings();
  const dropSomeChunks: onRequestHookHandler = async (request, reply) => {
    if (Math.random() >= settings.faultInjection.dropChunkRatio) return;
    request.log.warn('fault injection: dropping a chunk request');
    reply.hijack();
    request.raw.socket.destroy();
  };
  const blobs = new LocalFolderStore(path.join(app.config.dataDir, 'blobs'));
  const md5 = new IncrementalMd5(blobs);
  app.decorate('uploads', {
    blobs,
    md5,
    settings,
    signingSecret: loadSigningSecret(app.config.dataDir),
    dropSomeChunks,
  });

  const timer = setInterval(() => {
    cleanAbandonedUploads(app).catch((error: unknown) => app.log.error({ err: error }, 'upload cleanup failed'));
  }, settings.cleanupIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await md5.close();
  });
});
