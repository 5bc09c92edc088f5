import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.js';

const body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } as const;
const response = { 200: { type: 'object', properties: { n: { type: 'integer' } } } } as const;

function appWith(schema: object) {
  const app = Fastify({ schemaController: sharedSchemaCompilers });
  app.post('/echo', { schema }, async (request) => ({ ...(request.body as object), secret: 'left out' }));
  return app;
}

describe('route schema compilers shared by every app of the process', () => {
  it('validate bodies and serialize answers in each app built from the same schemas', async () => {
    for (const app of [appWith({ body, response }), appWith({ body, response })]) {
      const good = await app.inject({ method: 'POST', url: '/echo', payload: { n: 7 } });
      expect(good.json()).toEqual({ n: 7 });
      const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'seven' } });
      expect(bad.statusCode).toBe(400);
      await app.close();
    }
  });

  it('refuse a headers schema, whose keys Fastify lowercases only with its built-in compilers', async () => {
    const app = appWith({ headers: { type: 'object', properties: { 'X-Token': { type: 'string' } } } });
    await expect(app.ready()).rejects.toThrow('POST /echo: headers schemas are not supported');
  });
});
