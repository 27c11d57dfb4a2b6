/**
 * Lint rule `core-surfaces/index-only`: from outside a folder of main/core, only its index.ts may be
 * imported (build/coreSurfaces.mjs says which imports go around a surface). Fix with
 * `node build/codemods/surfaces.mjs`, which rewrites the import and adds the missing export.
 */
import path from 'node:path';
import { surfaceViolation } from '../coreSurfaces.mjs';

const root = path.resolve(import.meta.dirname, '../..');

const indexOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'Import a main/core folder only through its index.ts' },
    messages: {
      deep: "'{{specifier}}' goes around the surface of main/core/{{folder}}: import from its index.ts (node build/codemods/surfaces.mjs rewrites it).",
    },
    schema: [],
  },
  create(context) {
    const importer = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(importer), source.value));
      const folder = surfaceViolation(importer, target);
      if (folder) context.report({ node: source, messageId: 'deep', data: { specifier: source.value, folder } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'core-surfaces' }, rules: { 'index-only': indexOnly } };
