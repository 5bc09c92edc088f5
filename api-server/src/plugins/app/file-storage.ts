import fp from 'fastify-plugin';
import { ensureClusters, SftpPool } from '../../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SSH connections to HPC clusters, shared by every file-storage call. */
    sftp: SftpPool;
  }
}

/** The clusters of file storage (a local default, the configured SFTP one) and the connection pool that reaches them. */
export default fp(
  async (app) => {
    // Once the app is built, not while: the database may still be opening then (issue 31).
    app.addHook('onReady', () => ensureClusters(app));
    const pool = new SftpPool();
    app.decorate('sftp', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'file-storage', dependencies: ['core'] },
);
