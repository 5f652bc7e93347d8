/**
 * `lanes/layers`: the inner layers of a top-level folder, declared as named groups from the top down (as VS Code's
 * code-layering). A module may import from its own folder and from the folders of lower groups. Inside a group,
 * folders are peers: one may use another only where the group's allow-list says so (`reports → translation`), and
 * the allow-list may not run in a circle, so the folders never form a cycle. An import that runs upward, or sideways
 * into a peer the allow-list does not name, is an error. Folders of the root that no group names are errors too, so
 * a new folder has to be placed before it is used.
 *
 * Options: { root: 'main', groups: [{ name: 'shell', folders: ['electron', 'app', …], allow: { electron: ['app'] } }, …] }
 * or, for plain tiers without allow-lists: { root: 'renderer', tiers: [['shell'], ['about', 'welcome', …], …] }.
 */
import { dirname, join, normalize, relative, sep } from 'node:path';

const folderOf = (root, file) => {
  const rel = relative(root, file);
  if (rel.startsWith('..')) return undefined;
  const [first, ...rest] = rel.split(sep);
  // A file directly in the root (main/index.ts) belongs to no folder.
  return rest.length === 0 ? undefined : first;
};

/** The groups of an option set; plain tiers are groups named by their number, with no allow-list. */
export function groupsOf(options) {
  if (options.groups) return options.groups.map((g) => ({ allow: {}, ...g }));
  return options.tiers.map((folders, index) => ({ name: `tier ${index + 1}`, folders, allow: {} }));
}

/**
 * Checks a declaration once: every folder in one group only, every allow-list edge between peers of one group, and
 * no circle through the allow-lists (which, with imports running only down between groups, means no folder cycle).
 * A mistake here is a mistake in eslint.config.js, so it throws, naming what to fix.
 */
export function checkDeclaration(root, groups) {
  const groupOf = new Map();
  for (const group of groups) {
    for (const folder of group.folders) {
      if (groupOf.has(folder)) {
        throw new Error(
          `lanes/layers: "${folder}" of ${root}/ is declared in two groups (${groupOf.get(folder)}, ${group.name}).`,
        );
      }
      groupOf.set(folder, group.name);
    }
  }
  for (const group of groups) {
    for (const [from, tos] of Object.entries(group.allow ?? {})) {
      for (const to of [from, ...tos]) {
        if (groupOf.get(to) !== group.name) {
          throw new Error(
            `lanes/layers: the allow-list of ${group.name} names "${to}", which is not a folder of ${group.name}.`,
          );
        }
      }
    }
  }
  const edges = new Map(groups.flatMap((g) => Object.entries(g.allow ?? {})));
  const cycle = findCycle([...groupOf.keys()], (folder) => edges.get(folder) ?? []);
  if (cycle)
    throw new Error(`lanes/layers: the allow-lists of ${root}/ run in a circle: ${cycle.join(' → ')}.`);
}

/** A cycle in a directed graph as its nodes (first repeated at the end), or undefined; depth-first. */
export function findCycle(nodes, next) {
  const state = new Map(); // undefined: unseen, 1: on the path, 2: done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const to of next(node)) {
      if (state.get(to) === 1) return [...path.slice(path.indexOf(to)), to];
      if (state.get(to) === undefined) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 2);
    return undefined;
  };
  for (const node of nodes) {
    if (state.get(node) === undefined) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return undefined;
}

const describe = (root, groups) => {
  const order = groups.map((g) => `${g.name} (${g.folders.join(', ')})`).join(' → ');
  const allowed = groups.flatMap((g) =>
    Object.entries(g.allow).map(([from, tos]) => `${from} → ${tos.join(', ')}`),
  );
  return `Groups of ${root}/, top down: ${order}.${allowed.length ? ` Allowed inside a group: ${allowed.join('; ')}.` : ''}`;
};

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports follow the declared layers: down between groups, inside a group only as allowed.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          tiers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          groups: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                folders: { type: 'array', items: { type: 'string' } },
                allow: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
              },
              required: ['name', 'folders'],
              additionalProperties: false,
            },
          },
        },
        required: ['root'],
        oneOf: [{ required: ['tiers'] }, { required: ['groups'] }],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '"{{from}}" ({{fromGroup}}) must not import "{{to}}" ({{toGroup}}): imports run down the groups only. {{order}}',
      sideways:
        '"{{from}}" and "{{to}}" are side by side in {{fromGroup}} and its allow-list does not let "{{from}}" use "{{to}}". Move the shared piece to a lower group, or, if one really builds on the other, allow it in eslint.config.js. {{order}}',
      undeclared:
        'The folder "{{folder}}" of {{root}}/ is in no group: declare it in eslint.config.js. {{order}}',
    },
  },
  create(context) {
    const { root } = context.options[0];
    const groups = groupsOf(context.options[0]);
    checkDeclaration(root, groups);
    const rootDir = join(context.cwd, root);
    const indexOf = new Map(groups.flatMap((g, index) => g.folders.map((f) => [f, index])));
    const allowed = new Map(groups.flatMap((g) => Object.entries(g.allow)));
    const order = describe(root, groups);
    const file = context.filename;
    const from = folderOf(rootDir, file);
    if (from === undefined) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = folderOf(rootDir, normalize(join(dirname(file), source)));
      if (to === undefined || to === from) return;
      for (const folder of [from, to]) {
        if (!indexOf.has(folder)) {
          context.report({ node, messageId: 'undeclared', data: { folder, root, order } });
          return;
        }
      }
      const fromIndex = indexOf.get(from);
      const toIndex = indexOf.get(to);
      const data = { from, to, fromGroup: groups[fromIndex].name, toGroup: groups[toIndex].name, order };
      if (toIndex < fromIndex) context.report({ node, messageId: 'upward', data });
      else if (toIndex === fromIndex && !(allowed.get(from) ?? []).includes(to)) {
        context.report({ node, messageId: 'sideways', data });
      }
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
