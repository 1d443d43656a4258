// server/ read folder by folder: no folder reaches itself through the others' imports, so each folder can be
// read (and changed) standing on those below it. dependency-cruiser finds the imports (type-only ones count, as in
// `npm run layers`); the loops are the strongly connected parts of the folder graph.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The folders of server/ that group others (platform/, and the domains by the staff's menu groups): their folders
 * are the nodes. A group holds folders and no manifest of its own.
 */
const GROUPS = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => {
    const inside = readdirSync(join('server', name), { withFileTypes: true });
    return !inside.some((e) => e.name === `${name}Module.ts`) && inside.some((e) => e.isDirectory() && e.name !== 'migrations');
  });
/** Each module folder (in a group or directly in server/) collapsed to one node; loose files stay nodes of their own. */
const FOLDER = `^server/(?:(?:${GROUPS.join('|')})/[^/]+/|(?!(?:${GROUPS.join('|')})/)[^/]+/)`;

/** The groups of nodes that reach each other (Tarjan's strongly connected components), those of two or more. */
function loops(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

async function folderGraph(): Promise<Map<string, string[]>> {
  const { output } = await cruise(['server'], { collapse: FOLDER, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return new Map(
    output.modules
      .filter((m) => m.source.startsWith('server/'))
      .map((m) => [m.source, m.dependencies.map((d) => d.resolved).filter((to) => to.startsWith('server/') && to !== m.source)]),
  );
}

describe('server folders', () => {
  it('finds a loop through several folders and none in a layered graph', () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, string[]>();
      for (const [from, to] of pairs) edges.set(from, [...(edges.get(from) ?? []), to]).set(to, edges.get(to) ?? []);
      return edges;
    };
    expect(loops(graph([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd'], ['e', 'd']]))).toEqual([['a', 'b', 'c']]);
    expect(loops(graph([['a', 'b'], ['b', 'c'], ['a', 'c']]))).toEqual([]);
  });

  it('import one another in no loop', { timeout: 60_000 }, async () => {
    expect(GROUPS).toEqual(expect.arrayContaining(['platform', 'memberManagement']));
    const graph = await folderGraph();
    expect(graph.size).toBeGreaterThan(30);
    expect(graph.get('server/memberManagement/members/')).toContain('server/platform/core/');
    expect(loops(graph)).toEqual([]);
  });
});
