// A distributor joins under a member the tree shows (the live `network` event, `network.joined`): the newcomer
// appears without a reload, and nothing else moves.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import { selectRows } from '#machines/genealogy/genealogy.selectors.ts';
import type { ChildrenRequest, GenealogyView, TreeRow } from '#machines/genealogy/genealogy.types.ts';
import { fakeNetwork } from './fake-network.ts';

function start(shape: Record<number, number>) {
  const network = fakeNetwork(shape);
  const actor = createActor(
    genealogyMachine.provide({
      actors: {
        loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input }) => network.load(input)),
      },
    }),
    { input: { rootId: null, pageSize: 3 } },
  );
  actor.start();
  return { actor, network };
}

type Actor = ReturnType<typeof start>['actor'];

const settled = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ ready: { pages: 'idle' } }) && s.context.queue.length === 0);

const rows = (actor: Actor) =>
  selectRows(actor.getSnapshot()).map((row: TreeRow) =>
    row.kind === 'node' ? `${row.key}${row.expandable ? (row.expanded ? '-' : '+') : ''}` : row.key,
  );

describe('genealogy machine: a distributor joins', () => {
  it('under an open member: their first page is read again and the newcomer is shown', async () => {
    const shape: Record<number, number> = { 1: 2, 1001: 1 };
    const { actor, network } = start(shape);
    await settled(actor);
    actor.send({ type: 'node.expand', id: 1001 });
    await settled(actor);
    expect(rows(actor)).toEqual(['n1-', 'n1001-', 'n1001001', 'n1002']);
    shape[1001] = 2;
    actor.send({ type: 'network.joined', sponsorId: 1001 });
    await settled(actor);
    expect(network.requests.at(-1)).toEqual({ nodeId: 1001, page: 1, pageSize: 3 });
    expect(rows(actor)).toEqual(['n1-', 'n1001-', 'n1001001', 'n1001002', 'n1002']);
  });

  it('under a leaf: it can now be opened, and nothing is read until it is', async () => {
    const shape: Record<number, number> = { 1: 2 };
    const { actor, network } = start(shape);
    await settled(actor);
    const asked = network.requests.length;
    shape[1002] = 1;
    actor.send({ type: 'network.joined', sponsorId: 1002 });
    expect(rows(actor)).toEqual(['n1-', 'n1001', 'n1002+']);
    expect(network.requests).toHaveLength(asked);
    actor.send({ type: 'node.expand', id: 1002 });
    await settled(actor);
    expect(rows(actor)).toEqual(['n1-', 'n1001', 'n1002-', 'n1002001']);
  });

  it('under the root (the caller): the first line is read again as the root was, and the focus stays', async () => {
    const shape: Record<number, number> = { 1: 1 };
    const { actor, network } = start(shape);
    await settled(actor);
    actor.send({ type: 'nav.next' });
    shape[1] = 2;
    actor.send({ type: 'network.joined', sponsorId: 1 });
    await settled(actor);
    expect(network.requests.at(-1)).toEqual({ nodeId: null, page: 1, pageSize: 3 });
    expect(rows(actor)).toEqual(['n1-', 'n1001', 'n1002']);
    expect(actor.getSnapshot().context.focusedKey).toBe('n1001');
  });

  it('under someone the tree does not show: nothing changes', async () => {
    const { actor, network } = start({ 1: 2 });
    await settled(actor);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'network.joined', sponsorId: 4242 });
    expect(actor.getSnapshot().context).toEqual(before);
    expect(network.requests).toHaveLength(1);
  });
});
