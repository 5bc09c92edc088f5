import fp from 'fastify-plugin';

/** Every answer names the replica that served it (X-Served-By, REPLICA_ID), so operators and tests behind nginx can tell. */
export default fp(
  async (app) => {
    const { replicaId } = app.config;
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-served-by', replicaId);
      done();
    });
  },
  { name: 'served-by', dependencies: ['core'] },
);
