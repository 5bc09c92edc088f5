import fp from 'fastify-plugin';

/** Every answer carries its request's id (X-Request-Id, the reqId of its log lines), the one the caller sent when well formed. */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-ids' },
);
