import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { close, joined, more, open, pageFailed, pageLoaded, revealLine } from './genealogy.branches.rules.ts';
import {
  errorCode,
  findRow,
  firstChildKey,
  firstKey,
  flattenTree,
  lastKey,
  nodeKey,
  stepKey,
  withPage,
} from './genealogy.tree.rules.ts';
import type {
  ChildrenRequest,
  GenealogyContext,
  GenealogyEvent,
  GenealogyInput,
  GenealogyLine,
  GenealogyView,
} from './genealogy.types.ts';

/**
 * The genealogy tree: which nodes are open, which pages of children are loaded, and where the keyboard focus is.
 *
 * starting --(the first view came as input)--> ready, else --> loadingRoot
 * loadingRoot --done--> ready (pages: idle <-> loading  ||  finder: idle <-> loadingLine)
 *             --error--> rootFailed --root.retry--> loadingRoot
 *
 * The first view as input (`first`: the root and its first page, read into the page's cache by the server's render,
 * docs/adr/0151-the-last-screens-rendered-by-the-server.md) starts the tree drawn, on the server and in the browser
 * that takes the page over, with nothing asked again.
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
 *
 * `network.joined` (a live event: a distributor joined under a member) counts the sponsor's new child wherever the
 * sponsor is shown and queues their first page again when their children are loaded (`joined`).
 *
 * `path.reveal` (a member chosen in the search, or `revealId` given at start) loads the member's line through the
 * injected `loadLine` actor (`ready.finder.loadingLine`, a newer request replaces the one in flight), then opens
 * every node of it below the root, pins the line's members not loaded yet and focuses the member (`reveal`).
 */

const injected = () => {
  throw new Error('loadChildren and loadLine are injected with genealogyMachine.provide({ actors })');
};

export const DEFAULT_CHILDREN_PAGE_SIZE = 50;

const treeOf = (context: GenealogyContext) => flattenTree(context);

/** The context of a loaded root: its first page shown, the root open when it has children, and focused. */
const rootLoaded = (view: GenealogyView) => ({
  root: view.node,
  branches: { [view.node.id]: withPage(undefined, view) },
  expanded: view.node.childrenCount > 0 ? { [view.node.id]: true as const } : {},
  focusedKey: nodeKey(view.node.id),
});

export const genealogyMachine = setup({
  types: {
    context: {} as GenealogyContext,
    events: {} as GenealogyEvent,
    input: {} as GenealogyInput,
  },
  actors: {
    /** Resolves with the node and the requested page of its children; rejects with the normalised API error. */
    loadChildren: fromPromise<GenealogyView, ChildrenRequest>(injected),
    /** Resolves with the line from the caller down to the member (the caller first). */
    loadLine: fromPromise<GenealogyLine, { id: number }>(injected),
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
    memberJoined: assign(({ context, event }) => {
      assertEvent(event, 'network.joined');
      return joined(context, event.sponsorId);
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
    rootKnown: ({ context }) => context.root !== null,
    hasReveal: ({ context }) => context.reveal?.status === 'loading',
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
    ...(input.first === undefined || input.first === null ? {} : rootLoaded(input.first)),
    reveal:
      input.revealId === undefined || input.revealId === null
        ? null
        : { id: input.revealId, status: 'loading', error: null },
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'rootKnown', target: 'ready' }, { target: 'loadingRoot' }],
    },
    loadingRoot: {
      entry: assign({ rootError: null }),
      invoke: {
        id: 'loadRoot',
        src: 'loadChildren',
        input: ({ context }) => ({ nodeId: context.rootId, page: 1, pageSize: context.pageSize }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => rootLoaded(event.output)),
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
      type: 'parallel',
      on: {
        'node.focus': { actions: 'focusRow' },
        'node.expand': { actions: 'expandNode' },
        'node.collapse': { actions: 'collapseNode' },
        'node.toggle': { actions: 'toggleNode' },
        'node.loadMore': { actions: 'loadMore' },
        'network.joined': { actions: 'memberJoined' },
        'nav.next': { actions: 'focusNext' },
        'nav.prev': { actions: 'focusPrevious' },
        'nav.first': { actions: 'focusFirst' },
        'nav.last': { actions: 'focusLast' },
        'nav.right': { actions: 'goRight' },
        'nav.left': { actions: 'goLeft' },
      },
      states: {
        finder: {
          initial: 'idle',
          on: {
            // A newer search replaces the line in flight (the finder is re-entered, its invoke restarted).
            'path.reveal': {
              target: '.loadingLine',
              reenter: true,
              actions: assign(({ event }) => ({
                reveal: { id: event.id, status: 'loading' as const, error: null },
              })),
            },
          },
          states: {
            idle: { always: { guard: 'hasReveal', target: 'loadingLine' } },
            loadingLine: {
              invoke: {
                id: 'loadLine',
                src: 'loadLine',
                input: ({ context }) => ({ id: context.reveal?.id ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => revealLine(context, event.output)),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    reveal: {
                      id: context.reveal?.id ?? 0,
                      status: 'failed' as const,
                      error: errorCode(event.error),
                    },
                  })),
                },
              },
            },
          },
        },
        pages: {
          initial: 'idle',
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
                  actions: assign(({ context, event }) => pageLoaded(context, event.output)),
                },
                onError: {
                  target: 'idle',
                  actions: assign(({ context, event }) => pageFailed(context, event.error)),
                },
              },
            },
          },
        },
      },
    },
  },
});
