import fp from 'fastify-plugin';
import { createServerMetrics, type ServerMetrics } from '../../observability/server-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
}

/**
 * Prometheus metrics at GET /metrics (outside /apis: for Prometheus scraping each replica directly; nginx refuses it
 * from outside). Registered before the routes it counts: a hook added later would miss them.
 */
export default fp(
  async (app) => {
    const metrics = createServerMetrics(app);
    app.decorate('metrics', metrics);
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['core', 'scheduling'] },
);
