/**
 * `lanes/layers`: the inner layers of a top-level folder, declared as tiers
 * from the top down. A module may import from its own folder and from folders
 * of lower tiers; an import that runs upward, or sideways into another folder
 * of the same tier, is an error. Folders of the root that no tier names are
 * errors too, so a new folder has to be placed before it is used.
 *
 * Options: { root: 'main', tiers: [['electron'], ['app'], ['ipc', 'cli'], …] }
 */
import { dirname, join, normalize, relative, sep } from 'node:path';

const folderOf = (root, file) => {
  const rel = relative(root, file);
  if (rel.startsWith('..')) return undefined;
  const [first, ...rest] = rel.split(sep);
  // A file directly in the root (main/index.ts) belongs to no folder.
  return rest.length === 0 ? undefined : first;
};

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the declared inner layers (downward only, never sideways).' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          tiers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'tiers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '"{{from}}" (tier {{fromTier}}) must not import "{{to}}" (tier {{toTier}}): imports run downward only. {{order}}',
      sideways:
        '"{{from}}" and "{{to}}" are side by side in tier {{fromTier}}: neither imports the other. Move the shared piece one tier down. {{order}}',
      undeclared:
        'The folder "{{folder}}" of {{root}}/ is in no layer: declare it in eslint.config.js. {{order}}',
    },
  },
  create(context) {
    const { root, tiers } = context.options[0];
    const rootDir = join(context.cwd, root);
    const tierOf = new Map(tiers.flatMap((folders, index) => folders.map((f) => [f, index + 1])));
    const order = `Layers of ${root}/, top down: ${tiers.map((t) => t.join(', ')).join(' → ')}.`;
    const file = context.filename;
    const from = folderOf(rootDir, file);
    if (from === undefined) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = folderOf(rootDir, normalize(join(dirname(file), source)));
      if (to === undefined || to === from) return;
      const fromTier = tierOf.get(from);
      const toTier = tierOf.get(to);
      for (const [folder, tier] of [
        [from, fromTier],
        [to, toTier],
      ]) {
        if (tier === undefined) {
          context.report({ node, messageId: 'undeclared', data: { folder, root, order } });
          return;
        }
      }
      const data = { from, to, fromTier, toTier, order };
      if (toTier < fromTier) context.report({ node, messageId: 'upward', data });
      else if (toTier === fromTier) context.report({ node, messageId: 'sideways', data });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

// The same rule under a second name, for a folder's own inner layers (renderer/modeler/): ESLint keeps one
// option set per rule name and file, so the screen-level check and the folder's check need a name each.
export default { rules: { layers: rule, 'inner-layers': rule } };
