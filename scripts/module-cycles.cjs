// The API modules that import each other, directly or round a longer loop, for .dependency-cruiser.cjs's
// 'api-modules-apart' rules: dependency-cruiser sees files, and two modules can lean on each other without any
// file cycle (stock's unit read → repairs' warranty, repairs' service → stock's moves). This reads each module's
// imports of another module (its tests and test helpers left out), finds the groups of modules that reach each
// other (Tarjan's strongly connected components) and names every import inside such a group, so that
// dependency-cruiser reports the very lines that close a loop.
const { readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const MODULES = path.join(__dirname, '..', 'apps', 'api', 'src', 'modules');
const LIVE = (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/^test-/.test(path.basename(file));

/** Every module's set of other modules it imports (static, dynamic and type imports alike). */
function moduleGraph() {
  const graph = new Map();
  for (const name of readdirSync(MODULES)) {
    const root = path.join(MODULES, name);
    if (!statSync(root).isDirectory()) continue;
    const targets = new Set();
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!LIVE(file)) continue;
      const full = path.join(root, file);
      const source = readFileSync(full, 'utf8');
      for (const [, specifier] of source.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(full), specifier));
        const other = target.split(path.sep)[0];
        if (!target.startsWith('..') && other && other !== name) targets.add(other);
      }
    }
    graph.set(name, targets);
  }
  return graph;
}

/** The groups of two or more modules that reach each other. */
function loops(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** One dependency-cruiser rule per import that closes a loop between modules (none when there is no loop). */
function moduleLoopRules() {
  const graph = moduleGraph();
  return loops(graph).flatMap((group) =>
    group.flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter((to) => group.includes(to))
        .map((to) => ({
          name: 'api-modules-apart',
          comment: `The modules ${group.sort().join(', ')} import each other (round a loop): ${from} → ${to} is one of its imports. Compose above them, or read in the lower one what it needs (docs/architecture.md, "Boundaries").`,
          severity: 'error',
          from: { path: `^apps/api/src/modules/${from}/`, pathNot: '\\.test\\.ts$|/test-[^/]+\\.ts$' },
          to: { path: `^apps/api/src/modules/${to}/` },
        })),
    ),
  );
}

module.exports = { moduleGraph, loops, moduleLoopRules };
