import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';

/**
 * The bounded contexts of libs/domain/src (its top-level folders) and which import which. Lint
 * (eslint-plugin-boundaries) checks one import at a time, so it cannot see a cycle between
 * contexts; this graph can, and tools/lint/module-boundaries.spec.ts fails on one.
 */
export const DOMAIN_SRC = 'libs/domain/src';

export interface DomainSource {
  /** Relative to the workspace root, with forward slashes. */
  path: string;
  code: string;
}

/** from context -> imported context -> the files of `from` that import it. */
export type ContextGraph = Map<string, Map<string, string[]>>;

/** Every .ts file of the domain lib, specs included (a test-time cycle still ties two contexts). */
export function domainSources(root = process.cwd()): DomainSource[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    });
  return walk(DOMAIN_SRC).map((path) => ({ path, code: readFileSync(join(root, path), 'utf8') }));
}

const contextOf = (path: string): string | undefined => {
  const rest = posix.relative(DOMAIN_SRC, path).split('/');
  return rest.length > 1 && rest[0] !== '..' ? rest[0] : undefined;
};

/** `libs/domain/src` itself, or its index file: the root barrel, which re-exports every context. */
const isRootBarrel = (target: string): boolean => /^(index(\.[cm]?[jt]s)?)?$/.test(posix.relative(DOMAIN_SRC, target));

/**
 * Throws when a context imports the domain's root barrel (`'..'`, `'../index'`): through it a
 * context reaches every other, and the graph, which knows contexts only, could not see the edges.
 */
export function contextGraph(sources: DomainSource[]): ContextGraph {
  const graph: ContextGraph = new Map();
  for (const { path, code } of sources) {
    const from = contextOf(path);
    if (!from) continue;
    for (const imported of ts.preProcessFile(code, true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = posix.join(dirname(path), imported.fileName);
      if (isRootBarrel(target)) {
        throw new Error(`${path} imports the domain's root barrel ('${imported.fileName}'), which re-exports every context: import the context's own index.ts`);
      }
      const to = contextOf(target + '/x');
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges.set(to, [...new Set([...(edges.get(to) ?? []), path])]));
    }
  }
  return graph;
}

/**
 * One cycle per group of contexts that reach each other (a strongly connected component), as
 * the shortest path from its first context back to itself: `['orders', 'payments', 'orders']`.
 */
export function contextCycles(graph: ContextGraph): string[][] {
  const next = (context: string) => [...(graph.get(context)?.keys() ?? [])].sort();
  const reaches = (from: string, to: string) => shortestPath(next, from, to) !== undefined;
  const contexts = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])])].sort();
  const seen = new Set<string>();
  const cycles: string[][] = [];
  for (const context of contexts) {
    if (seen.has(context)) continue;
    const group = contexts.filter((other) => other === context || (reaches(context, other) && reaches(other, context)));
    group.forEach((member) => seen.add(member));
    if (group.length < 2) continue;
    const back = next(context)
      .filter((step) => group.includes(step))
      .map((step) => shortestPath(next, step, context) ?? [])
      .sort((a, b) => a.length - b.length)[0];
    cycles.push([context, ...back]);
  }
  return cycles;
}

/** Breadth-first: the contexts from `from` to `to`, both included, or undefined. */
function shortestPath(next: (context: string) => string[], from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (current === to) {
      const path = [current];
      for (let step = cameFrom.get(current); step; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const step of next(current)) {
      if (!cameFrom.has(step)) {
        cameFrom.set(step, current);
        queue.push(step);
      }
    }
  }
  return undefined;
}

/** `orders -> payments -> orders (orders/x.ts imports payments; payments/y.ts imports orders)`. */
export function describeCycle(graph: ContextGraph, cycle: string[]): string {
  const edges = cycle.slice(1).map((to, i) => `${graph.get(cycle[i])?.get(to)?.[0]} imports ${to}`);
  return `${cycle.join(' -> ')} (${edges.join('; ')})`;
}
