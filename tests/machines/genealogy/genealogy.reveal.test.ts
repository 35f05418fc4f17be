import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import { selectRows } from '#machines/genealogy/genealogy.selectors.ts';
import type {
  ChildrenRequest,
  GenealogyInput,
  GenealogyLine,
  GenealogyView,
} from '#machines/genealogy/genealogy.types.ts';
import { deferred, fakeNetwork, fakeNode } from './fake-network.ts';

/** The line from 1 down to `id` in the fake network's ids (`parent * 1000 + n`). */
function lineTo(id: number, shape: Record<number, number>): GenealogyLine {
  const ids: number[] = [];
  for (let at = id; at >= 1; at = Math.floor(at / 1000)) ids.unshift(at);
  return ids.map((lineId, level) => fakeNode(lineId, shape[lineId] ?? 0, level));
}

function start(
  shape: Record<number, number>,
  input: Partial<GenealogyInput> = {},
  loadLine: (id: number) => Promise<GenealogyLine> = (id) => Promise.resolve(lineTo(id, shape)),
) {
  const network = fakeNetwork(shape);
  const lines: number[] = [];
  const actor = createActor(
    genealogyMachine.provide({
      actors: {
        loadChildren: fromPromise<GenealogyView, ChildrenRequest>(({ input: request }) =>
          network.load(request),
        ),
        loadLine: fromPromise<GenealogyLine, { id: number }>(({ input: request }) => {
          lines.push(request.id);
          return loadLine(request.id);
        }),
      },
    }),
    { input: { rootId: null, pageSize: 2, ...input } },
  );
  actor.start();
  return { actor, network, lines };
}

type Started = ReturnType<typeof start>;

const settled = ({ actor }: Started) =>
  waitFor(
    actor,
    (s) =>
      s.matches({ ready: { pages: 'idle', finder: 'idle' } }) &&
      s.context.queue.length === 0 &&
      s.context.reveal?.status !== 'loading',
  );

const keys = (started: Started) => selectRows(started.actor.getSnapshot()).map((row) => row.key);

// 1 has 5 children (pages of 2); its 4th (1004) has 3; 1004's 3rd (1004003) has 1: 1004003001, four levels down.
const SHAPE = { 1: 5, 1004: 3, 1004003: 1 };

describe('genealogy machine: revealing a member found by search', () => {
  it("opens every node of the member's line, pins the members past the loaded pages, focuses the member", async () => {
    const started = start(SHAPE);
    await settled(started);
    expect(keys(started)).toEqual(['n1', 'n1001', 'n1002', 'm1']);
    started.actor.send({ type: 'path.reveal', id: 1004003001 });
    await settled(started);
    const { context } = started.actor.getSnapshot();
    expect(started.lines).toEqual([1004003001]);
    expect(context.reveal).toEqual({ id: 1004003001, status: 'shown', error: null });
    expect(context.focusedKey).toBe('n1004003001');
    // 1004 is on page 2 of the root's children: shown after the loaded page, pinned, before "show more".
    expect(keys(started)).toEqual([
      'n1',
      'n1001',
      'n1002',
      'n1004',
      'n1004001',
      'n1004002',
      'n1004003',
      'n1004003001',
      'm1004',
      'm1',
    ]);
    // Only the first pages of the nodes never opened were asked for.
    expect(started.network.requests.map((r) => [r.nodeId, r.page])).toEqual([
      [null, 1],
      [1004, 1],
      [1004003, 1],
    ]);
  });

  it('lists a pinned member once when the page holding them arrives', async () => {
    const started = start(SHAPE);
    await settled(started);
    started.actor.send({ type: 'path.reveal', id: 1004 });
    await settled(started);
    expect(keys(started)).toEqual(['n1', 'n1001', 'n1002', 'n1004', 'm1']);
    started.actor.send({ type: 'node.loadMore', id: 1 });
    await settled(started);
    expect(keys(started)).toEqual(['n1', 'n1001', 'n1002', 'n1003', 'n1004', 'm1']);
    started.actor.send({ type: 'node.loadMore', id: 1 });
    await settled(started);
    expect(keys(started)).toEqual(['n1', 'n1001', 'n1002', 'n1003', 'n1004', 'n1005']);
  });

  it('reveals the member given at start once the root is in', async () => {
    const started = start(SHAPE, { revealId: 1004003 });
    await settled(started);
    expect(started.actor.getSnapshot().context.focusedKey).toBe('n1004003');
    expect(keys(started)).toContain('n1004003');
  });

  it('says `outside` for a member not below the current root and leaves the tree as it was', async () => {
    const started = start(SHAPE, { rootId: 1004 }, (id) => Promise.resolve(lineTo(id, SHAPE)));
    await settled(started);
    const before = keys(started);
    started.actor.send({ type: 'path.reveal', id: 1002 });
    await settled(started);
    expect(started.actor.getSnapshot().context.reveal).toEqual({ id: 1002, status: 'outside', error: null });
    expect(keys(started)).toEqual(before);
  });

  it('keeps the failure code when the line cannot be loaded, and a newer search replaces one in flight', async () => {
    const first = deferred<GenealogyLine>();
    let calls = 0;
    const started = start(SHAPE, {}, (id) => {
      calls++;
      return calls === 1 ? first.promise : Promise.reject({ status: 404, code: 'NOT_FOUND', id });
    });
    await settled(started);
    started.actor.send({ type: 'path.reveal', id: 1004003001 });
    started.actor.send({ type: 'path.reveal', id: 9 });
    await settled(started);
    first.resolve(lineTo(1004003001, SHAPE));
    await Promise.resolve();
    const { context } = started.actor.getSnapshot();
    expect(started.lines).toEqual([1004003001, 9]);
    expect(context.reveal).toEqual({ id: 9, status: 'failed', error: 'NOT_FOUND' });
    expect(context.focusedKey).toBe('n1');
  });
});
