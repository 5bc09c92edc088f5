// The lint rule `domains/one-way` (eslint.config.js): a file of api-server/src imports only its own folder (or file)
// and the ones before it in the domain order, and another folder only through its public face, index.ts.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The folder, or top-level file, of api-server/src that `path` lies in (`inner`: the path inside that folder); null outside it.
 * @param {string} serverRoot
 * @param {string} path
 */
function unitOf(serverRoot, path) {
  const inside = relative(serverRoot, path);
  if (inside === '' || inside.startsWith('..')) return null;
  const [first = '', ...rest] = inside.split(sep);
  return rest.length === 0
    ? { unit: first.replace(/\.m?js$/, (ext) => ext.replace('js', 'ts')), inner: '' }
    : { unit: first, inner: rest.join('/') };
}

/** @param {string} inner */
const isFace = (inner) => /^index(\.[mc]?[jt]s)?$/.test(inner);

/** @type {import('eslint').Rule.RuleModule} */
export const oneWay = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          serverRoot: { type: 'string' },
          order: { type: 'array', items: { type: 'string' } },
          faces: { type: 'boolean' },
        },
        required: ['serverRoot', 'order'],
        additionalProperties: false,
      },
    ],
    messages: {
      unplaced:
        'api-server/src/{{unit}} has no place in the domain order: add it to domainOrder in eslint.config.js and to docs/architecture.md.',
      upward:
        '{{from}} comes before {{to}} in the domain order, so it may not import it (eslint.config.js domainOrder): move what both need down, or pass it in.',
      face: 'Import {{to}} through its public face, {{to}}/index.ts (add the name there), not its file {{inner}}.',
    },
  },
  create(context) {
    /** @type {{ serverRoot: string; order: string[]; faces?: boolean }} */
    const { serverRoot, order, faces = true } = context.options[0];
    const own = unitOf(serverRoot, context.filename);
    if (!own) return {};
    /** @param {string} unit */
    const rank = (unit) => order.indexOf(unit);
    /** @param {import('estree').Expression | import('estree').Literal | null | undefined} source */
    const check = (source) => {
      if (rank(own.unit) < 0) return;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = unitOf(serverRoot, resolve(dirname(context.filename), source.value));
      if (!target || target.unit === own.unit) return;
      if (rank(target.unit) < 0 || rank(target.unit) > rank(own.unit)) {
        context.report({ node: source, messageId: 'upward', data: { from: own.unit, to: target.unit } });
      } else if (faces && target.inner !== '' && !isFace(target.inner)) {
        context.report({ node: source, messageId: 'face', data: { to: target.unit, inner: target.inner } });
      }
    };
    return {
      Program(node) {
        if (rank(own.unit) < 0) context.report({ node, messageId: 'unplaced', data: { unit: own.unit } });
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
