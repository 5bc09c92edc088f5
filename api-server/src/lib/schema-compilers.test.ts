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

  it('coerce query strings as Fastify does, reporting what failed', async () => {
    const app = Fastify({ schemaController: sharedSchemaCompilers });
    app.get('/n', { schema: { querystring: body } }, async (request) => ({ n: (request.query as { n: unknown }).n }));
    expect((await app.inject({ url: '/n?n=7' })).json()).toEqual({ n: 7 });
    const bad = await app.inject({ url: '/n?n=seven' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring/n must be integer');
    await app.close();
  });

  it('compile a route schema on its first request, so the server starts without compiling them all', async () => {
    const app = Fastify({ schemaController: sharedSchemaCompilers });
    const uncompilable = { type: 'object', properties: { n: { type: 'no-such-type' } } };
    app.post('/broken', { schema: { body: uncompilable } }, async () => ({}));
    app.post('/echo', { schema: { body, response } }, async (request) => request.body);
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { n: 1 } })).json()).toEqual({ n: 1 });
    expect((await app.inject({ method: 'POST', url: '/broken', payload: { n: 1 } })).statusCode).toBe(500);
    await app.close();
  });

  it('refuse a headers schema, whose keys Fastify lowercases only with its built-in compilers', async () => {
    const app = appWith({ headers: { type: 'object', properties: { 'X-Token': { type: 'string' } } } });
    await expect(app.ready()).rejects.toThrow('POST /echo: headers schemas are not supported');
  });
});
