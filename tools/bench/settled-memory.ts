import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface SettledMemory {
  heapUsed: number;
  external: number;
  rss: number;
}

let collectGarbage: (() => void) | undefined;

/**
 * This process's memory after full collections, so two readings differ by what is still held.
 * The bench runs without --expose-gc: gc is exposed at run time instead.
 */
export function settledMemory(): SettledMemory {
  if (!collectGarbage) {
    setFlagsFromString('--expose-gc');
    collectGarbage = runInNewContext('gc') as () => void;
  }
  collectGarbage();
  collectGarbage();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapUsed, external, rss };
}
