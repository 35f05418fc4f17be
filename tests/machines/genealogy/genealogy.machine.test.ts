import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import {
  selectFocusedKey,
  selectPhase,
  selectRootError,
  selectRows,
} from '#machines/genealogy/genealogy.selectors.ts';
import type {
  ChildrenRequest,
  GenealogyEvent,
  GenealogyView,
  TreeRow,
} from '#machines/genealogy/genealogy.types.ts';
import { deferred, fakeNetwork } from './fake-network.ts';

type Loader = (request: ChildrenRequest) => Promise<GenealogyView>;

function start(load: Loader, pageSize = 3, rootId: number | null = null) {
  const actor = createActor(
    genealogyMachine.provide({
      actors: { loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input }) => load(input)) },
    }),
    { input: { rootId, pageSize } },
  );
  actor.start();
  return actor;
}

type Actor = ReturnType<typeof start>;

/** Waits until no page is queued or loading. */
const settled = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ ready: { pages: 'idle' } }) && s.context.queue.length === 0);

const keys = (rows: readonly TreeRow[]) => rows.map((row) => row.key);

async function send(actor: Actor, ...events: GenealogyEvent[]) {
  for (const event of events) actor.send(event);
  await settled(actor);
}

describe('genealogy machine: loading', () => {
  it('loads the caller, opens them and focuses them, with a "show more" row when their first line has more pages', async () => {
    const network = fakeNetwork({ 1: 5 });
    const actor = start(network.load);
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(selectPhase(snapshot)).toBe('ready');
    expect(network.requests).toEqual([{ nodeId: null, page: 1, pageSize: 3 }]);
    expect(keys(selectRows(snapshot))).toEqual(['n1', 'n1001', 'n1002', 'n1003', 'm1']);
    expect(selectFocusedKey(snapshot)).toBe('n1');
    const [root, first, , third, more] = selectRows(snapshot);
    expect(root).toMatchObject({ kind: 'node', level: 1, expanded: true, posinset: 1, setsize: 1 });
    expect(first).toMatchObject({ level: 2, posinset: 1, setsize: 5, parentKey: 'n1', expandable: false });
    expect(third).toMatchObject({ posinset: 3, setsize: 5 });
    expect(more).toMatchObject({ kind: 'more', shown: 3, total: 5, busy: false, error: null });
  });

  it('starts from another node when given a root id', async () => {
    const network = fakeNetwork({ 7: 2 }, 7);
    const actor = start(network.load, 3, 7);
    await settled(actor);
    expect(network.requests[0]).toEqual({ nodeId: 7, page: 1, pageSize: 3 });
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n7', 'n7001', 'n7002']);
  });

  it('starts drawn from a first view given as input (the page the server rendered), asking for nothing', async () => {
    const network = fakeNetwork({ 1: 5 });
    const first = await network.load({ nodeId: null, page: 1, pageSize: 3 });
    network.requests.length = 0;
    const actor = createActor(
      genealogyMachine.provide({
        actors: {
          loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input }) => network.load(input)),
        },
      }),
      { input: { rootId: null, pageSize: 3, first } },
    );
    // Before it starts, as the server's render and the browser's hydration read it.
    expect(selectPhase(actor.getSnapshot())).toBe('ready');
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n1', 'n1001', 'n1002', 'n1003', 'm1']);
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
    actor.start();
    expect(network.requests).toEqual([]);
    // The next page is asked for as usual.
    await send(actor, { type: 'node.loadMore', id: 1 });
    expect(network.requests).toEqual([{ nodeId: 1, page: 2, pageSize: 3 }]);
    expect(keys(selectRows(actor.getSnapshot()))).toEqual([
      'n1',
      'n1001',
      'n1002',
      'n1003',
      'n1004',
      'n1005',
    ]);
  });

  it('keeps the page size within the contract (1..100)', () => {
    const network = fakeNetwork({});
    expect(start(network.load, 500).getSnapshot().context.pageSize).toBe(100);
    expect(start(network.load, 0).getSnapshot().context.pageSize).toBe(1);
  });

  it('shows the root failure with its code and loads again on retry', async () => {
    let fail = true;
    const network = fakeNetwork({ 1: 1 });
    const actor = start((request) =>
      fail ? Promise.reject(Object.assign(new Error('x'), { code: 'FORBIDDEN' })) : network.load(request),
    );
    await waitFor(actor, (s) => s.matches('rootFailed'));
    expect(selectPhase(actor.getSnapshot())).toBe('failed');
    expect(selectRootError(actor.getSnapshot())).toBe('FORBIDDEN');
    fail = false;
    actor.send({ type: 'root.retry' });
    expect(selectRootError(actor.getSnapshot())).toBeNull();
    await settled(actor);
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n1', 'n1001']);
  });

  it('reads an error without a code as INTERNAL', async () => {
    const actor = start(() => Promise.reject(new Error('network down')));
    await waitFor(actor, (s) => s.matches('rootFailed'));
    expect(selectRootError(actor.getSnapshot())).toBe('INTERNAL');
  });

  it('does not open a root without children', async () => {
    const actor = start(fakeNetwork({}).load);
    await settled(actor);
    expect(selectRows(actor.getSnapshot())).toEqual([
      expect.objectContaining({ key: 'n1', expandable: false, expanded: false }),
    ]);
  });
});

describe('genealogy machine: opening, closing and pages', () => {
  it('loads children on the first opening only, and shows the node busy meanwhile', async () => {
    const network = fakeNetwork({ 1: 2, 1001: 2 });
    const gate = deferred<void>();
    let hold = false;
    const actor = start(async (request) => {
      if (hold) await gate.promise;
      return network.load(request);
    });
    await settled(actor);
    hold = true;
    actor.send({ type: 'node.expand', id: 1001 });
    actor.send({ type: 'node.expand', id: 1001 });
    const busy = selectRows(actor.getSnapshot()).find((row) => row.key === 'n1001');
    expect(busy).toMatchObject({ expanded: true, busy: true });
    gate.resolve();
    await settled(actor);
    expect(network.requests.filter((r) => r.nodeId === 1001)).toHaveLength(1);
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n1', 'n1001', 'n1001001', 'n1001002', 'n1002']);

    await send(actor, { type: 'node.collapse', id: 1001 });
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n1', 'n1001', 'n1002']);
    await send(actor, { type: 'node.toggle', id: 1001 });
    expect(keys(selectRows(actor.getSnapshot()))).toHaveLength(5);
    expect(network.requests.filter((r) => r.nodeId === 1001)).toHaveLength(1);
  });

  it('ignores opening a leaf or a node that is not on screen', async () => {
    const network = fakeNetwork({ 1: 1, 1001: 1, 1001001: 1 });
    const actor = start(network.load);
    await settled(actor);
    await send(actor, { type: 'node.expand', id: 1001001 }, { type: 'node.expand', id: 999 });
    expect(network.requests).toHaveLength(1);
    expect(actor.getSnapshot().context.expanded).toEqual({ 1: true });
  });

  it('appends the next page on "show more", without listing a child twice, until all are shown', async () => {
    const network = fakeNetwork({ 1: 7 });
    const actor = start(network.load);
    await settled(actor);
    await send(actor, { type: 'node.loadMore', id: 1 });
    expect(network.requests.at(-1)).toEqual({ nodeId: 1, page: 2, pageSize: 3 });
    let rows = selectRows(actor.getSnapshot());
    expect(rows.at(-1)).toMatchObject({ kind: 'more', shown: 6, total: 7 });
    await send(actor, { type: 'node.loadMore', id: 1 });
    rows = selectRows(actor.getSnapshot());
    expect(keys(rows)).toEqual(['n1', ...[1, 2, 3, 4, 5, 6, 7].map((n) => `n${1000 + n}`)]);
    expect(rows.at(-1)).toMatchObject({ posinset: 7, setsize: 7 });
    await send(actor, { type: 'node.loadMore', id: 1 });
    expect(network.requests).toHaveLength(3);
  });

  it('marks a failed page on its branch and loads it again when asked', async () => {
    const network = fakeNetwork({ 1: 2, 1001: 4 });
    let failNext = false;
    const actor = start((request) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(Object.assign(new Error('x'), { code: 'INTERNAL' }));
      }
      return network.load(request);
    });
    await settled(actor);
    failNext = true;
    await send(actor, { type: 'node.expand', id: 1001 });
    let rows = selectRows(actor.getSnapshot());
    expect(rows.find((row) => row.key === 'm1001')).toMatchObject({
      kind: 'more',
      shown: 0,
      error: 'INTERNAL',
    });
    await send(actor, { type: 'node.loadMore', id: 1001 });
    rows = selectRows(actor.getSnapshot());
    expect(keys(rows)).toEqual(['n1', 'n1001', 'n1001001', 'n1001002', 'n1001003', 'm1001', 'n1002']);
    expect(rows.find((row) => row.key === 'm1001')).toMatchObject({ shown: 3, total: 4, error: null });
  });

  it('opening a node whose first page failed asks for it again', async () => {
    const network = fakeNetwork({ 1: 1, 1001: 1 });
    let failNext = false;
    const actor = start((request) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('down'));
      }
      return network.load(request);
    });
    await settled(actor);
    failNext = true;
    await send(actor, { type: 'node.expand', id: 1001 }, { type: 'node.collapse', id: 1001 });
    await send(actor, { type: 'node.expand', id: 1001 });
    expect(keys(selectRows(actor.getSnapshot()))).toEqual(['n1', 'n1001', 'n1001001']);
  });

  it('loads pages one after another, in the order they were asked for', async () => {
    const network = fakeNetwork({ 1: 2, 1001: 1, 1002: 1 });
    const gates: Array<ReturnType<typeof deferred<void>>> = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const actor = start(async (request) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      if (request.nodeId !== null) {
        const gate = deferred<void>();
        gates.push(gate);
        await gate.promise;
      }
      inFlight--;
      return network.load(request);
    });
    await settled(actor);
    actor.send({ type: 'node.expand', id: 1001 });
    actor.send({ type: 'node.expand', id: 1002 });
    expect(actor.getSnapshot().context.queue.map((r) => r.nodeId)).toEqual([1001, 1002]);
    await waitFor(actor, () => gates.length === 1);
    gates[0]?.resolve();
    await waitFor(actor, () => gates.length === 2);
    gates[1]?.resolve();
    await settled(actor);
    expect(maxInFlight).toBe(1);
    expect(network.requests.map((r) => r.nodeId)).toEqual([null, 1001, 1002]);
  });
});

describe('genealogy machine: keyboard (WAI-ARIA tree)', () => {
  const shape = { 1: 2, 1001: 2, 1001001: 2, 1001001001: 1 };

  it('goes three levels deep with Right and comes back with Left', async () => {
    const actor = start(fakeNetwork(shape).load);
    await settled(actor);
    const focused = () => selectFocusedKey(actor.getSnapshot());
    await send(actor, { type: 'nav.right' }); // the root is open: to its first child
    expect(focused()).toBe('n1001');
    await send(actor, { type: 'nav.right' }); // closed: opens it
    expect(focused()).toBe('n1001');
    await send(actor, { type: 'nav.right' }); // open: to its first child
    expect(focused()).toBe('n1001001');
    await send(actor, { type: 'nav.right' }); // opens; its children arrive
    await send(actor, { type: 'nav.right' });
    expect(focused()).toBe('n1001001001');
    const deepest = selectRows(actor.getSnapshot()).find((row) => row.key === 'n1001001001');
    expect(deepest).toMatchObject({ level: 4, posinset: 1, setsize: 2 });

    await send(actor, { type: 'nav.left' }); // a closed node: to its parent
    expect(focused()).toBe('n1001001');
    await send(actor, { type: 'nav.left' }); // an open node: closes it
    expect(focused()).toBe('n1001001');
    expect(actor.getSnapshot().context.expanded[1001001]).toBeUndefined();
    await send(actor, { type: 'nav.left' }, { type: 'nav.left' }, { type: 'nav.left' });
    expect(focused()).toBe('n1');
  });

  it('moves up and down the visible rows, Home and End, clamped at the ends', async () => {
    const actor = start(fakeNetwork(shape).load);
    await settled(actor);
    const focused = () => selectFocusedKey(actor.getSnapshot());
    await send(actor, { type: 'nav.prev' });
    expect(focused()).toBe('n1');
    await send(actor, { type: 'nav.next' }, { type: 'nav.next' });
    expect(focused()).toBe('n1002');
    await send(actor, { type: 'nav.next' });
    expect(focused()).toBe('n1002');
    await send(actor, { type: 'nav.first' });
    expect(focused()).toBe('n1');
    await send(actor, { type: 'nav.last' });
    expect(focused()).toBe('n1002');
  });

  it('does nothing on Right over a leaf and leaves the root on Left', async () => {
    const actor = start(fakeNetwork({ 1: 1 }).load);
    await settled(actor);
    await send(actor, { type: 'nav.right' }, { type: 'nav.right' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1001');
    await send(actor, { type: 'nav.left' }, { type: 'nav.left' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
    expect(actor.getSnapshot().context.expanded[1]).toBeUndefined();
    await send(actor, { type: 'nav.left' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
  });

  it('moves the focus to a node closed while its subtree held the focus', async () => {
    const actor = start(fakeNetwork(shape).load);
    await settled(actor);
    await send(actor, { type: 'node.expand', id: 1001 }, { type: 'node.focus', key: 'n1001002' });
    await send(actor, { type: 'node.collapse', id: 1 });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
  });

  it('keeps the focus where it is when a sibling subtree closes', async () => {
    const actor = start(fakeNetwork(shape).load);
    await settled(actor);
    await send(actor, { type: 'node.expand', id: 1001 }, { type: 'node.focus', key: 'n1002' });
    await send(actor, { type: 'node.collapse', id: 1001 });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1002');
  });

  it('focuses a "show more" row and goes to its parent on Left', async () => {
    const actor = start(fakeNetwork({ 1: 5 }).load);
    await settled(actor);
    await send(actor, { type: 'nav.last' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('m1');
    await send(actor, { type: 'nav.right' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('m1');
    await send(actor, { type: 'nav.left' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
  });

  it('moves the focus from a "show more" row to the first distributor of the page it loaded', async () => {
    const actor = start(fakeNetwork({ 1: 5 }).load);
    await settled(actor);
    await send(actor, { type: 'node.focus', key: 'm1' }, { type: 'node.loadMore', id: 1 });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1004');
  });

  it('refuses to focus a row that is not on screen', async () => {
    const actor = start(fakeNetwork(shape).load);
    await settled(actor);
    await send(actor, { type: 'node.focus', key: 'n1001001' });
    expect(selectFocusedKey(actor.getSnapshot())).toBe('n1');
  });
});
