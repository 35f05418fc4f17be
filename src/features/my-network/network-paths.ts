import { PATHS, pathTo } from '../../ui/paths.ts';

/** A distributor's card: `/my-distributers/<id>`. */
export const distributorPath = (id: number) => pathTo(PATHS.myDistributor, { id });

/**
 * The tree, started from a distributor below the caller (`null`: the caller), optionally showing a member found by
 * search: `/my-distributers?view=tree&root=<id>&reveal=<id>`.
 */
export const treePath = (rootId: number | null, revealId: number | null = null) =>
  `${PATHS.myDistributors}?view=tree${rootId === null ? '' : `&root=${rootId}`}${
    revealId === null ? '' : `&reveal=${revealId}`
  }`;
