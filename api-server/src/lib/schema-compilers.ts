import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { forSerializer } from './serializer-schema.js';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type RouteDefinition = { schema: unknown; method: string; url: string; httpPart?: string };
type AjvValidator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown };

/**
 * A validator compiled on its route's first request: compiling every route's schemas took about a quarter of the
 * server's start (issue 31). Ajv's validators take the parent object so they can coerce a root value, which Fastify
 * passes when the function carries `schemaEnv`; the errors of the last call are read off the function.
 */
function lazyValidator(compile: () => AjvValidator): AjvValidator {
  let validator: AjvValidator | undefined;
  const validate = ((data: unknown, context?: unknown) => {
    validator ??= compile();
    return validator(data, context);
  }) as AjvValidator;
  Object.defineProperty(validate, 'errors', { get: () => validator?.errors });
  return Object.assign(validate, { schemaEnv: true });
}

/**
 * Fastify's validators from one Ajv pool per process (one Ajv per set of options, which keeps every schema object it
 * compiled), instead of a new pool per app. Fastify lowercases the keys of a headers schema only for its built-in
 * compilers, so a headers schema is refused here rather than checked with the wrong case.
 */
function sharedValidators(): ValidatorFactory {
  const pool = AjvCompiler();
  return ((externalSchemas, options) => {
    // Fastify calls the compiler with the route's definition, which @fastify/ajv-compiler's types name a schema.
    const compile = pool(externalSchemas, options) as unknown as (route: RouteDefinition) => unknown;
    return (route: RouteDefinition) => {
      if (route.httpPart === 'headers')
        throw new Error(`${route.method} ${route.url}: headers schemas are not supported (lib/schema-compilers.ts)`);
      return lazyValidator(() => compile(route) as AjvValidator);
    };
  }) as ValidatorFactory;
}

/**
 * Fastify's serializers, each response schema object's compiled once per process, on its first answer (as validators
 * are), from the schema as the serializer runs it fastest (serializer-schema.ts).
 */
function sharedSerializers(): SerializerFactory {
  const factory = SerializerSelector();
  const compiled = new Map<string, WeakMap<object, ReturnType<ReturnType<SerializerFactory>>>>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const key = JSON.stringify([externalSchemas, options]);
    const ofTheseOptions = compiled.get(key) ?? new WeakMap();
    compiled.set(key, ofTheseOptions);
    return (route) => {
      const compiled = () => {
        let serializer = ofTheseOptions.get(route.schema as object);
        if (!serializer) {
          serializer = compile({ ...route, schema: forSerializer(route.schema) });
          ofTheseOptions.set(route.schema as object, serializer);
        }
        return serializer;
      };
      let serializer: ReturnType<typeof compiled> | undefined;
      return (data: unknown) => (serializer ??= compiled())(data);
    };
  };
}

/**
 * The route schema compilers of every app this process builds, so each schema is compiled once per process: a server
 * builds one app, but a test worker builds one per test file (about 0.6 s of CPU each with Fastify's per-app compilers).
 */
export const sharedSchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: { buildValidator: sharedValidators(), buildSerializer: sharedSerializers() },
};
