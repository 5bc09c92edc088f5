const scalarTypes = new Set(['string', 'integer', 'number', 'boolean']);
const branching = ['anyOf', 'oneOf', 'allOf', 'if', '$ref', 'const', 'enum'];

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The scalar member of `anyOf: [scalar, null]` (either order), when the union is no more than a nullable scalar. */
function nullableScalar(schema: Schema): Schema | undefined {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length !== 2 || !members.every(isSchema)) return undefined;
  const nullIndex = members.findIndex((member) => member.type === 'null' && Object.keys(member).length === 1);
  const scalar = members[1 - nullIndex];
  if (nullIndex === -1 || !scalar || !scalarTypes.has(scalar.type as string)) return undefined;
  return branching.some((keyword) => keyword in scalar) ? undefined : scalar;
}

/**
 * A response schema as fast-json-stringify serializes it fastest: each `anyOf: [scalar, null]` (TypeBox's
 * `Type.Union([Type.String(), Type.Null()])`) as `type: [scalar, 'null']`, which accepts and writes the same values.
 * fast-json-stringify picks an `anyOf` member by running Ajv's validator on every value (a date-time check per
 * nullable time of every row: a twentieth of a list call's CPU); it checks a type list itself. Validation and the
 * OpenAPI document keep the schemas as written.
 */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!isSchema(schema)) return schema;
  const scalar = nullableScalar(schema);
  if (scalar) {
    const { anyOf: _members, ...siblings } = schema;
    return { ...siblings, ...scalar, type: [scalar.type, 'null'] };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forSerializer(value)]));
}
