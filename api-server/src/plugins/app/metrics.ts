import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createServerMetrics, type ServerMetrics } from '../../observability/index.js';

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
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const refuseScrape = (error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      reply.code(400).type('text/plain; charset=utf-8').send(`bad request: ${error.message}\n`);
    // Registered before the envelope's error handler: a request the input checks refuse gets a plain 400.
    app.get('/metrics', { schema: { hide: true }, errorHandler: refuseScrape }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      } catch (error) {
        // Not the envelope (HTTP 200 with a JSON error): Prometheus takes a 503 as a failed scrape and keeps its reason.
        request.log.error({ err: error }, 'metrics scrape failed');
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send(`metrics unavailable: ${(error as Error).message}\n`);
      }
    });
  },
  { name: 'metrics', dependencies: ['core', 'scheduling'] },
);
