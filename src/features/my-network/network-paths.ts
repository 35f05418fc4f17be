import { PATHS, pathTo } from '../../ui/paths.ts';

/** A distributor's card: `/my-distributers/<id>`. */
export const distributorPath = (id: number) => pathTo(PATHS.myDistributor, { id });

/** The tree, started from a distributor below the caller (`null`: the caller): `/my-distributers?view=tree&root=<id>`. */
export const treePath = (rootId: number | null) =>
  `${PATHS.myDistributors}?view=tree${rootId === null ? '' : `&root=${rootId}`}`;
