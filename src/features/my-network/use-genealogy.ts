import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { STALE_TIME_MS } from '../../api/query-client.ts';
import { onNetworkJoin } from '../../data/live.ts';
import { networkQueries } from '../../data/network.ts';
import { TREE_PAGE_SIZE } from './downline-params.ts';
import type { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import type { GenealogyView } from '#machines/genealogy/genealogy.types.ts';
import {
  apiGenealogyDeps,
  provideGenealogy,
  type GenealogyDeps,
  type LoadChildren,
} from './genealogy.actors.ts';

export type GenealogyActor = ActorRefFrom<typeof genealogyMachine>;
export type { LoadChildren };

export const CHILDREN_PAGE_SIZE = TREE_PAGE_SIZE;

/** The machine with its two calls: pages of children and a member's line (the API's unless replaced). */
export function createGenealogyActor(
  rootId: number | null,
  deps: Partial<GenealogyDeps> = {},
  revealId: number | null = null,
  first: GenealogyView | null = null,
): GenealogyActor {
  return createActor(provideGenealogy({ ...apiGenealogyDeps(), ...deps }), {
    input: { rootId, pageSize: CHILDREN_PAGE_SIZE, revealId, first },
  });
}

/**
 * The tree's first view in the query cache: read there by the server's render (`routeData.myNetwork`), and carried
 * by the page it rendered to the browser that takes it over. The browser takes it once (it leaves the cache), so a
 * later tree is read afresh; on the server it stays for the render's second pass.
 */
function firstView(client: QueryClient, rootId: number | null): GenealogyView | null {
  const { queryKey } = networkQueries.treeRoot(rootId, CHILDREN_PAGE_SIZE);
  const view = client.getQueryData(queryKey) ?? null;
  if (view !== null && typeof window !== 'undefined') client.removeQueries({ queryKey, exact: true });
  return view;
}

/**
 * The last tree shown stays alive for the query cache's fresh time, so opening a distributor's card and coming
 * back finds the tree as it was left (open nodes, loaded pages, focus).
 */
interface KeptTree {
  key: string;
  actor: GenealogyActor;
  createdAt: number;
  /** Stops the tree listening for distributors who join (the live `network` event). */
  unlisten: () => void;
}

let kept: KeptTree | null = null;

function treeFor(
  key: string,
  rootId: number | null,
  deps: Partial<GenealogyDeps>,
  revealId: number | null,
  client: QueryClient,
): KeptTree {
  // The server's render draws the tree from an actor it never starts nor keeps: from the first view its prefetch
  // read (else in its loading state: the render has no API left to answer it), and an actor kept in this module
  // would outlive the request. Kept and failed, it drew "could not load" for the same viewer's next page, or for the
  // render's own second pass (server-entry.tsx renders again while a lazy screen is still loading), and the browser
  // then threw the server's screen away.
  if (typeof window === 'undefined')
    return {
      key,
      actor: createGenealogyActor(rootId, deps, revealId, firstView(client, rootId)),
      createdAt: 0,
      unlisten: () => undefined,
    };
  if (kept !== null && kept.key === key && Date.now() - kept.createdAt < STALE_TIME_MS) {
    // The kept tree comes back as it was left; a member asked for in the URL is still shown.
    const shown = kept.actor.getSnapshot().context.reveal?.id ?? null;
    if (revealId !== null && shown !== revealId) kept.actor.send({ type: 'path.reveal', id: revealId });
    return kept;
  }
  kept?.unlisten();
  kept?.actor.stop();
  const actor = createGenealogyActor(rootId, deps, revealId, firstView(client, rootId));
  actor.start();
  // A distributor who joins under a member the tree shows appears in it without a reload.
  const unlisten = onNetworkJoin((sponsorId) => actor.send({ type: 'network.joined', sponsorId }));
  kept = { key, actor, createdAt: Date.now(), unlisten };
  return kept;
}

/**
 * The genealogy actor for a viewer and a root (`deps` replace the API in tests), and its cache key; `revealId` is
 * a member to show once the root is in (the search's result kept in the URL).
 */
export function useGenealogy(
  viewerId: number | null,
  rootId: number | null,
  deps: Partial<GenealogyDeps> = {},
  revealId: number | null = null,
) {
  const client = useQueryClient();
  const key = `${viewerId ?? 'anonymous'}:${rootId ?? 'me'}`;
  const [tree, setTree] = useState(() => treeFor(key, rootId, deps, revealId, client));
  const current = tree.key === key ? tree : treeFor(key, rootId, deps, revealId, client);
  if (current !== tree) setTree(current);
  return { actor: current.actor, key };
}
