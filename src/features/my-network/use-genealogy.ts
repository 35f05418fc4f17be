import { useState } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { genealogyMachine } from '../../../machines/genealogy/genealogy.machine.ts';
import type { ChildrenRequest, GenealogyView } from '../../../machines/genealogy/genealogy.types.ts';
import { STALE_TIME_MS } from '../../api/query-client.ts';
import { networkApi } from '../../data/network.ts';

export type GenealogyActor = ActorRefFrom<typeof genealogyMachine>;

export type LoadChildren = (request: ChildrenRequest, signal: AbortSignal) => Promise<GenealogyView>;

export const CHILDREN_PAGE_SIZE = 50;

/** The machine with its one actor: pages of children from the API. */
export function createGenealogyActor(
  rootId: number | null,
  loadChildren: LoadChildren = (request, signal) => networkApi.loadChildren(request, signal),
): GenealogyActor {
  return createActor(
    genealogyMachine.provide({
      actors: {
        loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input, signal }) =>
          loadChildren(input, signal),
        ),
      },
    }),
    { input: { rootId, pageSize: CHILDREN_PAGE_SIZE } },
  );
}

/**
 * The last tree shown stays alive for the query cache's fresh time, so opening a distributor's card and coming
 * back finds the tree as it was left (open nodes, loaded pages, focus, scroll position).
 */
interface KeptTree {
  key: string;
  actor: GenealogyActor;
  createdAt: number;
  scrollTop: number;
}

let kept: KeptTree | null = null;

function treeFor(key: string, rootId: number | null, loadChildren?: LoadChildren): KeptTree {
  if (kept !== null && kept.key === key && Date.now() - kept.createdAt < STALE_TIME_MS) return kept;
  kept?.actor.stop();
  const actor = createGenealogyActor(rootId, loadChildren);
  actor.start();
  kept = { key, actor, createdAt: Date.now(), scrollTop: 0 };
  return kept;
}

/** Forgets the kept tree (tests, logout). */
export function forgetGenealogy(): void {
  kept?.actor.stop();
  kept = null;
}

/** Remembers where the tree `key` was scrolled to (when its view unmounts). */
export function rememberScroll(key: string, top: number): void {
  if (kept !== null && kept.key === key) kept.scrollTop = top;
}

/** The scroll position the tree `key` was left at. */
export function keptScroll(key: string): number {
  return kept !== null && kept.key === key ? kept.scrollTop : 0;
}

/** The genealogy actor for a viewer and a root (`loadChildren` replaces the API in tests), and its cache key. */
export function useGenealogy(viewerId: number | null, rootId: number | null, loadChildren?: LoadChildren) {
  const key = `${viewerId ?? 'anonymous'}:${rootId ?? 'me'}`;
  const [tree, setTree] = useState(() => treeFor(key, rootId, loadChildren));
  const current = tree.key === key ? tree : treeFor(key, rootId, loadChildren);
  if (current !== tree) setTree(current);
  return { actor: current.actor, key };
}
