// ESLint rule `leadline/server-doors`: a server module (packages/server/src/modules/<name>/)
// may import another module only through that module's declared door files, never its repos,
// routes or other internals. The doors are declared in eslint.config.js.
import { dirname, relative, resolve, sep } from 'node:path';

const modulesRoot = resolve(import.meta.dirname, '../../packages/server/src/modules');

/** `{ module, file }` of a path inside modules/, or undefined. */
const placeOf = (path) => {
  const inside = relative(modulesRoot, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  const [module, ...rest] = inside.split(sep);
  return rest.length > 0 ? { module, file: rest.join('/') } : undefined;
};

export const serverDoors = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other only through declared door files.' },
    schema: [
      {
        type: 'object',
        properties: {
          doors: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          defaultDoors: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      private:
        "'{{file}}' is inside the {{module}} module; import it through one of its doors ({{doors}}), or declare a new door in eslint.config.js.",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const { doors = {}, defaultDoors = ['service.ts', 'present.ts'] } = context.options[0] ?? {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(resolve(dirname(context.filename), source));
      if (!to || to.module === from.module) return;
      const open = doors[to.module] ?? defaultDoors;
      if (open.includes(to.file)) return;
      context.report({
        node: node.source,
        messageId: 'private',
        data: { file: to.file, module: to.module, doors: open.join(', ') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export const leadlinePlugin = { rules: { 'server-doors': serverDoors } };
