import { Type } from 'typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.js';
import { forSerializer } from './serializer-schema.js';

const Answer = Type.Object({
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  count: Type.Optional(Type.Union([Type.Null(), Type.Integer()], { description: '条数' })),
  flag: Type.Union([Type.Literal(1), Type.Null()]),
  owner: Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()]),
  list: Type.Array(Type.Object({ name: Type.Union([Type.String(), Type.Null()]) })),
});

describe('response schemas as the serializer runs them', () => {
  it('turn each nullable scalar into a type list, with its keywords, and leave other unions as written', () => {
    expect(JSON.parse(JSON.stringify(forSerializer(Answer)))).toEqual({
      type: 'object',
      required: ['at', 'flag', 'owner', 'list'],
      properties: {
        at: { type: ['string', 'null'], format: 'date-time' },
        count: { type: ['integer', 'null'], description: '条数' },
        flag: { anyOf: [{ type: 'number', const: 1 }, { type: 'null' }] },
        owner: { anyOf: [{ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, { type: 'null' }] },
        list: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: ['string', 'null'] } } } },
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
    expect(await written({ at: null, count: null, flag: null, owner: null, list })).toEqual({
      at: null,
      count: null,
      flag: null,
      owner: null,
      list,
    });
    expect(await written({ at: new Date(Date.UTC(2026, 10, 22)), count: 3, flag: 1, owner: { id: 2 }, list: [] })).toEqual({
      at: '2026-11-22T00:00:00.000Z',
      count: 3,
      flag: 1,
      owner: { id: 2 },
      list: [],
    });
    expect(await written({ at: null, count: 'three', flag: null, owner: null, list: [] })).toBe(500);
    await app.close();
  });
});
