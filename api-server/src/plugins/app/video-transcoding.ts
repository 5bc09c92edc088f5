import fp from 'fastify-plugin';
import { loadSigningSecret } from '../../lib/index.js';
import { createVideoQueue, type VideoQueue, StreamSigner, chooseTranscoder } from '../../learning/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded videos: probed and transcoded to HLS one at a time, and served through signed stream URLs. */
    videos: { queue: VideoQueue; streams: StreamSigner };
  }
}

export default fp(
  async (app) => {
    const queue = createVideoQueue(app, () => chooseTranscoder(app.config.videoTranscoder));
    app.decorate('videos', { queue, streams: new StreamSigner(loadSigningSecret(app.config)) });
    app.addHook('onReady', async () => {
      await queue.resumeInterrupted();
    });
    app.addHook('onClose', () => queue.idle());
  },
  { name: 'video-transcoding', dependencies: ['core', 'blob-store'] },
);
