import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

/** `/apis/openapi.json`, generated from the route schemas. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '算力云 API',
          version: '1.0.0',
          description: 'Every answer is { code, data, msg } with HTTP 200; only code 200 is success.',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      },
      transform: ({ schema, url, route }) => {
        const transformed = { ...schema } as Record<string, unknown>;
        if (url.includes('/auth/')) transformed.security = [{ token: [] }];
        return { schema: transformed as typeof schema, url, route };
      },
    });
    app.get('/apis/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
