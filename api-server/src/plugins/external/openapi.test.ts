import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

interface AnswerSchema {
  properties?: Record<string, unknown>;
  anyOf?: AnswerSchema[];
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: AnswerSchema }> }>;
}

/** The envelope itself, or a union with the envelope as one branch (a download answers bytes or a refusal). */
function isEnvelope(schema: AnswerSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.anyOf) return schema.anyOf.some(isEnvelope);
  return Boolean(schema.properties?.code && schema.properties.data && schema.properties.msg);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/apis/openapi.json', () => {
  it('documents what every call answers: the envelope with its data schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/apis/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const calls = t.app.routeTable.filter((route) => route.url.startsWith('/apis/') && route.method !== 'HEAD' && !route.schema?.hide);
    expect(calls.length).toBeGreaterThanOrEqual(80);

    const undocumented = calls.filter((route) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const answer = doc.paths[path]?.[route.method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
      return !isEnvelope(answer);
    });
    expect(undocumented.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});
