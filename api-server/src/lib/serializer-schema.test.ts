import { Type } from 'typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.js';
import { forSerializer } from './serializer-schema.js';

const Answer = Type.Object({
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  count: Type.Optional(Type.Union([Type.Null(), Type.Integer()], { description: '条数' })),
  flag: Type.Union([Type.Literal(1), Type.Null()]),
  owner: Type.Union([
    Type.Object({ id: Type.Integer(), since: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) }),
    Type.Null(),
  ]),
  state: Type.Union([Type.Literal('running'), Type.Literal('stopped')]),
  list: Type.Array(Type.Object({ name: Type.Union([Type.String(), Type.Null()]) })),
  tags: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

describe('response schemas as the serializer runs them', () => {
  it('turn each nullable type into a type list, with its keywords and inside it, and leave other unions as written', () => {
    expect(JSON.parse(JSON.stringify(forSerializer(Answer)))).toEqual({
      type: 'object',
      required: ['at', 'flag', 'owner', 'state', 'list', 'tags'],
      properties: {
        at: { type: ['string', 'null'], format: 'date-time' },
        count: { type: ['integer', 'null'], description: '条数' },
        flag: { anyOf: [{ type: 'number', const: 1 }, { type: 'null' }] },
        owner: {
          type: ['object', 'null'],
          required: ['id', 'since'],
          properties: { id: { type: 'integer' }, since: { type: ['string', 'null'], format: 'date-time' } },
        },
        state: {
          anyOf: [
            { type: 'string', const: 'running' },
            { type: 'string', const: 'stopped' },
          ],
        },
        list: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: ['string', 'null'] } } } },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
      },
    });
  });

  it('write the same answers, Dates as ISO text, and refuse a value of the wrong type', async () => {
    const app = Fastify({ schemaController: sharedSchemaCompilers });
    let answer: unknown;
    app.get('/answer', { schema: { response: { 200: Answer } } }, async () => answer);
    const written = async (value: unknown) => {
      answer = value;
      const reply = await app.inject({ url: '/answer' });
      return reply.statusCode === 200 ? reply.json() : reply.statusCode;
    };
    const list = [{ name: null }, { name: 'a' }];
    const empty = { at: null, count: null, flag: null, owner: null, state: 'running', list, tags: null };
    expect(await written(empty)).toEqual(empty);
    const at = new Date(Date.UTC(2026, 10, 22));
    expect(await written({ ...empty, at, count: 3, flag: 1, owner: { id: 2, since: at, extra: 1 }, tags: ['a'] })).toEqual({
      ...empty,
      at: '2026-11-22T00:00:00.000Z',
      count: 3,
      flag: 1,
      owner: { id: 2, since: '2026-11-22T00:00:00.000Z' },
      tags: ['a'],
    });
    for (const wrong of [{ count: 'three' }, { owner: { since: null } }, { owner: 'me' }, { tags: 'a' }]) {
      expect(await written({ ...empty, ...wrong })).toBe(500);
    }
    await app.close();
  });
});
