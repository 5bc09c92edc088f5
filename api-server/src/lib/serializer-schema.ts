const nullableTypes = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
const branching = ['anyOf', 'oneOf', 'allOf', 'if', '$ref', 'const', 'enum'];

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The typed member of `anyOf: [member, null]` (either order), when the union is no more than a nullable type. */
function nullableMember(schema: Schema): Schema | undefined {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length !== 2 || !members.every(isSchema)) return undefined;
  const nullIndex = members.findIndex((member) => member.type === 'null' && Object.keys(member).length === 1);
  const member = members[1 - nullIndex];
  if (nullIndex === -1 || !member || !nullableTypes.has(member.type as string)) return undefined;
  return branching.some((keyword) => keyword in member) ? undefined : member;
}

/**
 * A response schema as fast-json-stringify serializes it fastest: each `anyOf: [member, null]` (TypeBox's
 * `Type.Union([T, Type.Null()])`, every envelope's `data` among them) as `type: [member's type, 'null']`, which
 * accepts and writes the same values. fast-json-stringify picks an `anyOf` member by running Ajv's validator on the
 * value: every answer's whole `data` was validated before it was written (a fifth of the instance list's serializing), and
 * every nullable time checked as a date-time. It checks a type list itself. Validation and the OpenAPI document keep
 * the schemas as written.
 */
export function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!isSchema(schema)) return schema;
  const member = nullableMember(schema);
  if (member) {
    const { anyOf: _members, ...siblings } = schema;
    return forSerializer({ ...siblings, ...member, type: [member.type, 'null'] });
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, forSerializer(value)]));
}
