import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  emptyBranch,
  errorCode,
  findRow,
  firstChildKey,
  firstKey,
  flattenTree,
  isWithin,
  lastKey,
  moreKey,
  nodeKey,
  stepKey,
  withPage,
} from './genealogy.tree.ts';
import type {
  Branch,
  ChildrenRequest,
  GenealogyContext,
  GenealogyEvent,
  GenealogyInput,
  GenealogyView,
} from './genealogy.types.ts';

/**
 * The genealogy tree: which nodes are open, which pages of children are loaded, and where the keyboard focus is.
 *
 * loadingRoot --done--> ready (idle <-> loading)      the root's node and first page of children; root open
 *             --error--> rootFailed --root.retry--> loadingRoot
 *
 * In `ready`, opening a node whose children were never loaded queues page 1 of them; "show more" queues the next
 * page; a failed page stays failed (the branch carries the error code) until it is asked for again. Pages load one
 * after another through the injected `loadChildren` actor (`ready.loading`, invoke id `loadChildren`), so at most
 * one request is in flight and answers arrive in order; the tree stays usable meanwhile. A node is asked for once at
 * a time (a queued or loading branch is not queued again).
 *
 * The keyboard moves (`nav.*`) follow the WAI-ARIA tree pattern over the visible rows (`flattenTree`): next/previous
 * row, first/last, right = open a closed node or go to its first child, left = close an open node or go to the
 * parent. Closing a node whose subtree holds the focus moves the focus to that node; a page loaded from a focused
 * "show more" row moves the focus to the first distributor of that page.
 */

const injected = () => {
  throw new Error('loadChildren is injected with genealogyMachine.provide({ actors })');
};

export const DEFAULT_CHILDREN_PAGE_SIZE = 50;

const treeOf = (context: GenealogyContext) => flattenTree(context);

/** Marks a node open and queues its first page when its children were never loaded (or the last load failed). */
function open(context: GenealogyContext, id: number): Partial<GenealogyContext> {
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

function close(context: GenealogyContext, id: number): Partial<GenealogyContext> {
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
function more(context: GenealogyContext, id: number): Partial<GenealogyContext> {
  const branch = context.branches[id];
  if (branch === undefined || branch.status === 'loading' || context.expanded[id] !== true) return {};
  const incomplete = branch.status === 'failed' || branch.children.length < branch.total;
  if (!incomplete) return {};
  return {
    branches: { ...context.branches, [id]: { ...branch, status: 'loading', error: null } },
    queue: [...context.queue, { nodeId: id, page: branch.pages + 1, pageSize: context.pageSize }],
  };
}

export const genealogyMachine = setup({
  types: {
    context: {} as GenealogyContext,
    events: {} as GenealogyEvent,
    input: {} as GenealogyInput,
  },
  actors: {
    /** Resolves with the node and the requested page of its children; rejects with the normalised API error. */
    loadChildren: fromPromise<GenealogyView, ChildrenRequest>(injected),
  },
  actions: {
    focusRow: assign(({ context, event }) => {
      assertEvent(event, 'node.focus');
      return findRow(treeOf(context), event.key) === undefined ? {} : { focusedKey: event.key };
    }),
    expandNode: assign(({ context, event }) => {
      assertEvent(event, 'node.expand');
      return open(context, event.id);
    }),
    collapseNode: assign(({ context, event }) => {
      assertEvent(event, 'node.collapse');
      return close(context, event.id);
    }),
    toggleNode: assign(({ context, event }) => {
      assertEvent(event, 'node.toggle');
      return context.expanded[event.id] === true ? close(context, event.id) : open(context, event.id);
    }),
    loadMore: assign(({ context, event }) => {
      assertEvent(event, 'node.loadMore');
      return more(context, event.id);
    }),
    focusNext: assign(({ context }) => ({ focusedKey: stepKey(treeOf(context), context.focusedKey, 1) })),
    focusPrevious: assign(({ context }) => ({
      focusedKey: stepKey(treeOf(context), context.focusedKey, -1),
    })),
    focusFirst: assign(({ context }) => ({ focusedKey: firstKey(treeOf(context)) })),
    focusLast: assign(({ context }) => ({ focusedKey: lastKey(treeOf(context)) })),
    /** Right arrow: open a closed node; on an open one, go to its first child. */
    goRight: assign(({ context }) => {
      const tree = treeOf(context);
      const row = findRow(tree, context.focusedKey);
      if (row?.kind !== 'node' || !row.expandable) return {};
      if (!row.expanded) return open(context, row.node.id);
      const child = firstChildKey(tree, row.key);
      return child === null ? {} : { focusedKey: child };
    }),
    /** Left arrow: close an open node; otherwise go to the parent. */
    goLeft: assign(({ context }) => {
      const row = findRow(treeOf(context), context.focusedKey);
      if (row === undefined) return {};
      if (row.kind === 'node' && row.expanded) return close(context, row.node.id);
      return row.parentKey === null ? {} : { focusedKey: row.parentKey };
    }),
  },
  guards: {
    hasQueuedPage: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'genealogy',
  context: ({ input }) => ({
    rootId: input.rootId,
    pageSize: Math.min(Math.max(Math.trunc(input.pageSize ?? DEFAULT_CHILDREN_PAGE_SIZE), 1), 100),
    root: null,
    rootError: null,
    branches: {},
    expanded: {},
    queue: [],
    focusedKey: null,
  }),
  initial: 'loadingRoot',
  states: {
    loadingRoot: {
      entry: assign({ rootError: null }),
      invoke: {
        id: 'loadRoot',
        src: 'loadChildren',
        input: ({ context }) => ({ nodeId: context.rootId, page: 1, pageSize: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            root: event.output.node,
            branches: { [event.output.node.id]: withPage(undefined, event.output) },
            expanded: event.output.node.childrenCount > 0 ? { [event.output.node.id]: true as const } : {},
            focusedKey: nodeKey(event.output.node.id),
          })),
        },
        onError: {
          target: 'rootFailed',
          actions: assign(({ event }) => ({ rootError: errorCode(event.error) })),
        },
      },
    },
    rootFailed: {
      on: { 'root.retry': { target: 'loadingRoot' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'node.focus': { actions: 'focusRow' },
        'node.expand': { actions: 'expandNode' },
        'node.collapse': { actions: 'collapseNode' },
        'node.toggle': { actions: 'toggleNode' },
        'node.loadMore': { actions: 'loadMore' },
        'nav.next': { actions: 'focusNext' },
        'nav.prev': { actions: 'focusPrevious' },
        'nav.first': { actions: 'focusFirst' },
        'nav.last': { actions: 'focusLast' },
        'nav.right': { actions: 'goRight' },
        'nav.left': { actions: 'goLeft' },
      },
      states: {
        idle: {
          always: { guard: 'hasQueuedPage', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadChildren',
            src: 'loadChildren',
            input: ({ context }) => context.queue[0] ?? { nodeId: context.rootId, page: 1, pageSize: 1 },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const request = context.queue[0];
                const id = request?.nodeId ?? event.output.node.id;
                const before = context.branches[id]?.children.length ?? 0;
                const branch = withPage(context.branches[id], event.output);
                // "Show more" pressed from the keyboard: the focus goes on to the first distributor it brought.
                const firstNew = branch.children[before];
                const focusedKey =
                  context.focusedKey === moreKey(id) && firstNew !== undefined
                    ? nodeKey(firstNew.id)
                    : context.focusedKey;
                return {
                  queue: context.queue.slice(1),
                  branches: { ...context.branches, [id]: branch },
                  focusedKey,
                };
              }),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const id = context.queue[0]?.nodeId;
                const branch: Branch | undefined =
                  id === null || id === undefined ? undefined : context.branches[id];
                if (id === null || id === undefined || branch === undefined)
                  return { queue: context.queue.slice(1) };
                return {
                  queue: context.queue.slice(1),
                  branches: {
                    ...context.branches,
                    [id]: { ...branch, status: 'failed' as const, error: errorCode(event.error) },
                  },
                };
              }),
            },
          },
        },
      },
    },
  },
});
