import type { components } from '../../openapi/schema.d.ts';

/** A distributor as the API gives it (`NetworkNode`). */
export type GenealogyNode = components['schemas']['NetworkNode'];

/** `GET /users/my-network` and `GET /users/my-network/{id}`: a node and one page of its children. */
export type GenealogyView = components['schemas']['NetworkView'];

/** One page of a node's children to load. `nodeId: null` is the caller's own node (`GET /users/my-network`). */
export interface ChildrenRequest {
  nodeId: number | null;
  page: number;
  pageSize: number;
}

/** What the tree knows of one node's children: the pages loaded so far, in the API's order. */
export interface Branch {
  children: readonly GenealogyNode[];
  /** The API's total number of children. */
  total: number;
  /** Pages loaded so far. */
  pages: number;
  /** `loading` also covers a page waiting in the queue. */
  status: 'idle' | 'loading' | 'failed';
  /** Error code of the last failed page (`NOT_FOUND`, `INTERNAL`, ...). */
  error: string | null;
  /**
   * Children shown ahead of their page: a revealed member's line passes through them. They follow the loaded
   * children and leave this list when the page holding them arrives.
   */
  pinned: readonly GenealogyNode[];
}

/** A member looked for (search): their line from the caller is loading, shown, or could not be shown. */
export interface Reveal {
  id: number;
  /** `outside`: the member is not below the tree's current root (the tree must start higher to show them). */
  status: 'loading' | 'shown' | 'failed' | 'outside';
  error: string | null;
}

/** A row key: `n<id>` for a distributor, `m<parent id>` for the "show more" row after a node's loaded children. */
export type RowKey = string;

export interface GenealogyContext {
  /** The node the tree starts from; `null` is the caller. */
  rootId: number | null;
  pageSize: number;
  root: GenealogyNode | null;
  rootError: string | null;
  /** Loaded children per node id. Only nodes that were expanded at least once have a branch. */
  branches: Readonly<Record<number, Branch>>;
  /** Node ids shown expanded. */
  expanded: Readonly<Record<number, true>>;
  /** Pages to load, one after another (the head is being loaded while `ready.loading`). */
  queue: readonly ChildrenRequest[];
  /** The row holding the tree's one tab stop (roving tabindex). */
  focusedKey: RowKey | null;
  /** The last member looked for, and where that stands. */
  reveal: Reveal | null;
}

export interface GenealogyInput {
  /** The node to start from; `null` for the caller's own network. */
  rootId: number | null;
  /** Children per page, 1..100 (the contract's limit). */
  pageSize?: number;
  /** A member to show as soon as the root is loaded (the search's result, kept in the URL). */
  revealId?: number | null;
  /** The root and its first page, already read (the page's cache): the tree starts drawn, asking nothing. */
  first?: GenealogyView | null;
}

/** The line from the caller down to a member (`GET /users/my-network/{id}/path`), the caller first. */
export type GenealogyLine = readonly GenealogyNode[];

export type GenealogyEvent =
  | { type: 'root.retry' }
  | { type: 'node.focus'; key: RowKey }
  | { type: 'node.toggle'; id: number }
  | { type: 'node.expand'; id: number }
  | { type: 'node.collapse'; id: number }
  /** Loads the next page of a node's children, or retries the page that failed. */
  | { type: 'node.loadMore'; id: number }
  | { type: 'nav.next' }
  | { type: 'nav.prev' }
  | { type: 'nav.first' }
  | { type: 'nav.last' }
  /** WAI-ARIA tree: expands a closed node, or moves to the first child of an open one. */
  | { type: 'nav.right' }
  /** WAI-ARIA tree: closes an open node, or moves to the parent. */
  | { type: 'nav.left' }
  /** Loads a member's line, opens every node on it and puts the focus on the member. */
  | { type: 'path.reveal'; id: number }
  /** A distributor joined under `sponsorId` (a live event): the sponsor counts one more child, shown if loaded. */
  | { type: 'network.joined'; sponsorId: number };

export type NodeRow = {
  kind: 'node';
  key: RowKey;
  node: GenealogyNode;
  /** aria-level: 1 for the root. */
  level: number;
  /** aria-posinset / aria-setsize among the siblings (the set size is the API's total, not only those loaded). */
  posinset: number;
  setsize: number;
  parentKey: RowKey | null;
  expandable: boolean;
  expanded: boolean;
  /** The first page of children is on its way. */
  busy: boolean;
};

export type MoreRow = {
  kind: 'more';
  key: RowKey;
  parentId: number;
  level: number;
  parentKey: RowKey;
  /** Children loaded and the API's total. */
  shown: number;
  total: number;
  busy: boolean;
  /** The last page failed; activating the row retries it. */
  error: string | null;
};

export type TreeRow = NodeRow | MoreRow;
