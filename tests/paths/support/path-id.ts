import { createHash } from 'node:crypto';
import type { AnyStateMachine } from 'xstate';
import { type ModelPath, stateKey } from './model-paths';

/**
 * A path's stable id: 10 hex digits of a SHA-256 over the suite, the path set and the route (each step's event
 * type and the state value it lands on). Payload details that change from run to run (tokens made from the clock)
 * stay out of it; two paths of one set with the same route get `-2`, `-3`, ... in generation order.
 */
export function routeHash(suite: string, setLabel: string, path: ModelPath<AnyStateMachine>): string {
  const route = path.steps.map((step) => `${step.event.type}>${stateKey(step.state)}`);
  const text = JSON.stringify([suite, setLabel, stateKey(path.start), route]);
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** Ids for the paths of one set, in order (duplicates numbered). */
export function pathIds(suite: string, setLabel: string, paths: ReadonlyArray<ModelPath<AnyStateMachine>>) {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const hash = routeHash(suite, setLabel, path);
    const count = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, count);
    return count === 1 ? hash : `${hash}-${count}`;
  });
}
