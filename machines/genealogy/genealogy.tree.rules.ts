import type {
  Branch,
  GenealogyContext,
  GenealogyNode,
  GenealogyView,
  RowKey,
  TreeRow,
} from './genealogy.types.ts';

/**
 * The genealogy as a flat list of visible rows (what a virtualised tree renders) and the moves of the WAI-ARIA
 * tree pattern over that list. Pure functions of the machine's context.
 */

export const nodeKey = (id: number): RowKey => `n${id}`;
export const moreKey = (parentId: number): RowKey => `m${parentId}`;

export interface FlatTree {
  rows: readonly TreeRow[];
  /** Row index by key. */
  index: ReadonlyMap<RowKey, number>;
}

const EMPTY: FlatTree = { rows: [], index: new Map() };

function flatten(
  root: GenealogyNode,
  branches: GenealogyContext['branches'],
  expanded: GenealogyContext['expanded'],
): FlatTree {
  const rows: TreeRow[] = [];
  const index = new Map<RowKey, number>();
  const push = (row: TreeRow) => {
    index.set(row.key, rows.length);
    rows.push(row);
  };
  // Depth first with an explicit stack: a deep downline never overflows the call stack.
  type Visit = {
    node: GenealogyNode;
    level: number;
    posinset: number;
    setsize: number;
    parentKey: RowKey | null;
  };
  type Step = Visit | { more: Branch; parentId: number; level: number };
  const stack: Step[] = [{ node: root, level: 1, posinset: 1, setsize: 1, parentKey: null }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    if ('more' in step) {
      const { more, parentId, level } = step;
      push({
        kind: 'more',
        key: moreKey(parentId),
        parentId,
        level,
        parentKey: nodeKey(parentId),
        shown: more.children.length,
        total: more.total,
        busy: more.status === 'loading',
        error: more.status === 'failed' ? more.error : null,
      });
      continue;
    }
    const { node, level } = step;
    const branch = branches[node.id];
    const expandable = node.childrenCount > 0;
    const isExpanded = expandable && expanded[node.id] === true;
    const key = nodeKey(node.id);
    push({
      kind: 'node',
      key,
      node,
      level,
      posinset: step.posinset,
      setsize: step.setsize,
      parentKey: step.parentKey,
      expandable,
      expanded: isExpanded,
      busy: isExpanded && branch?.status === 'loading' && branch.children.length === 0,
    });
    if (!isExpanded || branch === undefined) continue;
    const children = shownChildren(branch);
    const loaded = branch.children.length;
    const setsize = Math.max(branch.total, children.length);
    const hasMore = (loaded < branch.total && loaded > 0) || (branch.status === 'failed' && loaded === 0);
    if (hasMore) stack.push({ more: branch, parentId: node.id, level: level + 1 });
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== undefined) {
        stack.push({ node: child, level: level + 1, posinset: i + 1, setsize, parentKey: key });
      }
    }
  }
  return { rows, index };
}

/** The loaded children, then the pinned ones (a revealed line passes through them) not loaded yet. */
function shownChildren(branch: Branch): readonly GenealogyNode[] {
  if (branch.pinned.length === 0) return branch.children;
  const loaded = new Set(branch.children.map((child) => child.id));
  return [...branch.children, ...branch.pinned.filter((child) => !loaded.has(child.id))];
}

let memo: { context: Pick<GenealogyContext, 'root' | 'branches' | 'expanded'>; tree: FlatTree } | null = null;

/** The visible rows, memoised on the identity of the parts of the context they come from. */
export function flattenTree(context: Pick<GenealogyContext, 'root' | 'branches' | 'expanded'>): FlatTree {
  if (context.root === null) return EMPTY;
  if (
    memo !== null &&
    memo.context.root === context.root &&
    memo.context.branches === context.branches &&
    memo.context.expanded === context.expanded
  ) {
    return memo.tree;
  }
  const tree = flatten(context.root, context.branches, context.expanded);
  memo = { context: { root: context.root, branches: context.branches, expanded: context.expanded }, tree };
  return tree;
}

export function findRow(tree: FlatTree, key: RowKey | null): TreeRow | undefined {
  if (key === null) return undefined;
  const at = tree.index.get(key);
  return at === undefined ? undefined : tree.rows[at];
}

/** The key `offset` rows away from `key` (clamped to the list); the first row when `key` is not visible. */
export function stepKey(tree: FlatTree, key: RowKey | null, offset: number): RowKey | null {
  if (tree.rows.length === 0) return null;
  const at = key === null ? undefined : tree.index.get(key);
  const target = at === undefined ? 0 : Math.min(Math.max(at + offset, 0), tree.rows.length - 1);
  return tree.rows[target]?.key ?? null;
}

export const firstKey = (tree: FlatTree): RowKey | null => tree.rows[0]?.key ?? null;
export const lastKey = (tree: FlatTree): RowKey | null => tree.rows[tree.rows.length - 1]?.key ?? null;

/** The first child row of an open node, if its children are on screen. */
export function firstChildKey(tree: FlatTree, key: RowKey): RowKey | null {
  const at = tree.index.get(key);
  if (at === undefined) return null;
  const next = tree.rows[at + 1];
  return next !== undefined && next.parentKey === key ? next.key : null;
}

/** True when `key` is `ancestorKey` or a row below it. */
export function isWithin(tree: FlatTree, key: RowKey, ancestorKey: RowKey): boolean {
  const from = tree.index.get(ancestorKey);
  const at = tree.index.get(key);
  const ancestor = from === undefined ? undefined : tree.rows[from];
  if (from === undefined || at === undefined || ancestor === undefined || at < from) return false;
  for (let i = from + 1; i <= at; i++) {
    const row = tree.rows[i];
    if (row === undefined || row.level <= ancestor.level) return false;
  }
  return true;
}

/** A branch after a page of children arrived (a child already listed is not listed twice). */
export function withPage(branch: Branch | undefined, view: GenealogyView): Branch {
  const page = view.children;
  const previous = page.page === 1 || branch === undefined ? [] : branch.children;
  const seen = new Set(previous.map((child) => child.id));
  const children = [...previous, ...page.items.filter((child) => !seen.has(child.id))];
  const loaded = new Set(children.map((child) => child.id));
  return {
    children,
    total: page.total,
    pages: page.page,
    status: 'idle',
    error: null,
    pinned: (branch?.pinned ?? []).filter((child) => !loaded.has(child.id)),
  };
}

export const emptyBranch = (): Branch => ({
  children: [],
  total: 0,
  pages: 0,
  status: 'idle',
  error: null,
  pinned: [],
});

/** The failure's `code` (the client normalises every failure to the API error shape), else `INTERNAL`. */
export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'INTERNAL';
}
