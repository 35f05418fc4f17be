import {
  emptyBranch,
  errorCode,
  findRow,
  flattenTree,
  isWithin,
  moreKey,
  nodeKey,
  withPage,
} from './genealogy.tree.rules.ts';
import type {
  Branch,
  GenealogyContext,
  GenealogyLine,
  GenealogyNode,
  GenealogyView,
  Reveal,
} from './genealogy.types.ts';

/**
 * What opening, closing, paging and revealing do to the genealogy's context: pure functions returning the parts
 * of the context that change (the machine assigns them).
 */

type Change = Partial<GenealogyContext>;

const treeOf = (context: GenealogyContext) => flattenTree(context);

/** Marks a node open and queues its first page when its children were never loaded (or the last load failed). */
export function open(context: GenealogyContext, id: number): Change {
  const row = findRow(treeOf(context), nodeKey(id));
  if (row?.kind !== 'node' || !row.expandable || row.expanded) return {};
  const branch = context.branches[id];
  const expanded = { ...context.expanded, [id]: true as const };
  const needsFirstPage = branch === undefined || (branch.children.length === 0 && branch.status === 'failed');
  if (!needsFirstPage) return { expanded };
  return {
    expanded,
    branches: { ...context.branches, [id]: { ...(branch ?? emptyBranch()), status: 'loading', error: null } },
    queue: [...context.queue, { nodeId: id, page: 1, pageSize: context.pageSize }],
  };
}

/** Closes a node; a focus inside its subtree moves onto it. */
export function close(context: GenealogyContext, id: number): Change {
  if (context.expanded[id] !== true) return {};
  const tree = treeOf(context);
  const key = nodeKey(id);
  const focusedKey =
    context.focusedKey !== null && isWithin(tree, context.focusedKey, key) ? key : context.focusedKey;
  const expanded = { ...context.expanded };
  delete expanded[id];
  return { expanded, focusedKey };
}

/** Queues the next page of an open node (or the page that failed). */
export function more(context: GenealogyContext, id: number): Change {
  const branch = context.branches[id];
  if (branch === undefined || branch.status === 'loading' || context.expanded[id] !== true) return {};
  const incomplete = branch.status === 'failed' || branch.children.length < branch.total;
  if (!incomplete) return {};
  return {
    branches: { ...context.branches, [id]: { ...branch, status: 'loading', error: null } },
    queue: [...context.queue, { nodeId: id, page: branch.pages + 1, pageSize: context.pageSize }],
  };
}

/**
 * Shows a member's line (the caller first, the member last) from the tree's root down: every node on it is
 * opened, a node whose first page was never asked for gets it queued, a member of the line not among the loaded
 * children is pinned there, and the focus goes to the member. A line that does not pass through the root leaves
 * the tree as it is (`outside`).
 */
export function revealLine(context: GenealogyContext, line: GenealogyLine): Change {
  const member = line.at(-1);
  const rootId = context.root?.id;
  const from = line.findIndex((node) => node.id === rootId);
  if (member === undefined) return {};
  if (from < 0) return { reveal: { id: member.id, status: 'outside', error: null } };
  const branches: Record<number, Branch> = { ...context.branches };
  const expanded: Record<number, true> = { ...context.expanded };
  const queue = [...context.queue];
  for (let at = from; at < line.length - 1; at++) {
    const parent = line[at];
    const child = line[at + 1];
    if (parent === undefined || child === undefined) continue;
    expanded[parent.id] = true;
    let branch = branches[parent.id];
    if (branch === undefined || (branch.children.length === 0 && branch.status === 'failed')) {
      branch = { ...(branch ?? emptyBranch()), total: parent.childrenCount, status: 'loading', error: null };
      queue.push({ nodeId: parent.id, page: 1, pageSize: context.pageSize });
    }
    const listed = [...branch.children, ...branch.pinned].some((node) => node.id === child.id);
    branches[parent.id] = listed ? branch : { ...branch, pinned: [...branch.pinned, child] };
  }
  const reveal: Reveal = { id: member.id, status: 'shown', error: null };
  return { branches, expanded, queue, focusedKey: nodeKey(member.id), reveal };
}

/** The page at the head of the queue arrived. */
export function pageLoaded(context: GenealogyContext, view: GenealogyView): Change {
  const request = context.queue[0];
  const id = request?.nodeId ?? view.node.id;
  const before = context.branches[id]?.children.length ?? 0;
  const branch = withPage(context.branches[id], view);
  // "Show more" pressed from the keyboard: the focus goes on to the first distributor it brought.
  const firstNew = branch.children[before];
  const focusedKey =
    context.focusedKey === moreKey(id) && firstNew !== undefined ? nodeKey(firstNew.id) : context.focusedKey;
  return { queue: context.queue.slice(1), branches: { ...context.branches, [id]: branch }, focusedKey };
}

/** The page at the head of the queue failed: its branch carries the error code until asked for again. */
export function pageFailed(context: GenealogyContext, error: unknown): Change {
  const id = context.queue[0]?.nodeId;
  const branch: Branch | undefined = id === null || id === undefined ? undefined : context.branches[id];
  if (id === null || id === undefined || branch === undefined) return { queue: context.queue.slice(1) };
  return {
    queue: context.queue.slice(1),
    branches: { ...context.branches, [id]: { ...branch, status: 'failed', error: errorCode(error) } },
  };
}

/**
 * A distributor joined under `sponsorId` (a live event): the sponsor's row counts one child more wherever it is shown
 * (a leaf can now be opened), and children of theirs already loaded are read again from the first page, so the
 * newcomer appears without a reload. A branch on its way (queued or loading) is left to bring what is there now; a
 * sponsor the tree does not show changes nothing.
 */
export function joined(context: GenealogyContext, sponsorId: number): Change {
  let touched = false;
  const counted = (node: GenealogyNode): GenealogyNode => {
    if (node.id !== sponsorId) return node;
    touched = true;
    return { ...node, childrenCount: node.childrenCount + 1 };
  };
  const root = context.root === null ? null : counted(context.root);
  const branches: Record<number, Branch> = {};
  for (const [id, branch] of Object.entries(context.branches))
    branches[Number(id)] = {
      ...branch,
      children: branch.children.map(counted),
      pinned: branch.pinned.map(counted),
    };
  if (!touched) return {};
  const own = branches[sponsorId];
  if (own === undefined || own.status === 'loading') return { root, branches };
  branches[sponsorId] = { ...own, status: 'loading', error: null };
  // The root's children are asked for as the tree's own root was (`null`: the caller's network).
  const nodeId = sponsorId === context.root?.id ? context.rootId : sponsorId;
  return { root, branches, queue: [...context.queue, { nodeId, page: 1, pageSize: context.pageSize }] };
}
