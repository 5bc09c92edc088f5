import fp from 'fastify-plugin';
import { checkReadiness } from '../../observability/index.js';

/** Each readiness check gets this long: a dependency that hangs fails the check rather than the probe. */
const checkTimeoutMs = 2000;

/**
 * Operators' probes, public and outside the browser contract (hidden from the OpenAPI document):
 * GET /apis/health answers while the process's event loop runs, without touching the database;
 * GET /apis/ready answers 200 when the database, the blob store and the compute backend answer in time, else 503,
 * with every check either way.
 */
export default fp(
  async (app) => {
    app.get('/apis/health', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok', replica: app.config.replicaId, uptimeSeconds: Math.floor(process.uptime()) };
    });
    app.get('/apis/ready', { schema: { hide: true } }, async (_request, reply) => {
      const { ready, checks } = await checkReadiness(app, checkTimeoutMs);
      const failing = Object.entries(checks)
        .filter(([, check]) => !check.ok)
        .map(([name]) => name);
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', replica: app.config.replicaId, failing, checks });
    });
  },
  { name: 'health', dependencies: ['core', 'scheduling', 'blob-store', 'compute'] },
);
