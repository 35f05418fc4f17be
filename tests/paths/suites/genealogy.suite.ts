import { type Actor, fromPromise } from 'xstate';
import { genealogyMachine } from '#machines/genealogy/genealogy.machine.ts';
import type {
  ChildrenRequest,
  GenealogyEvent,
  GenealogyLine,
  GenealogyView,
} from '#machines/genealogy/genealogy.types.ts';
import { fakeNode } from '../../machines/genealogy/fake-network.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

export const genealogyPathMachine = genealogyMachine.provide({
  actors: {
    loadChildren: fromPromise<GenealogyView, ChildrenRequest>(() => new Promise<GenealogyView>(() => {})),
    loadLine: fromPromise<GenealogyLine, { id: number }>(() => new Promise<GenealogyLine>(() => {})),
  },
});
type Machine = typeof genealogyPathMachine;
type GEvt = Evt<Machine>;

/**
 * A small downline, one child per page so "show more" appears: the root (1) has two children (1001, 1002); 1001 has
 * one (1001001). Child ids are `parent * 1000 + n`, as in tests/machines/genealogy/fake-network.ts.
 */
const SHAPE: Record<number, number> = { 1: 2, 1001: 1 };
const ROOT = 1;

function viewFor(request: ChildrenRequest): GenealogyView {
  const id = request.nodeId ?? ROOT;
  const total = SHAPE[id] ?? 0;
  const from = (request.page - 1) * request.pageSize;
  const items = [];
  for (let n = from + 1; n <= Math.min(from + request.pageSize, total); n++) {
    const childId = id * 1000 + n;
    items.push(fakeNode(childId, SHAPE[childId] ?? 0));
  }
  return {
    node: fakeNode(id, total),
    children: { items, page: request.page, pageSize: request.pageSize, total },
  };
}

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as GEvt;
const failure = { status: 500, code: 'INTERNAL' };

const userEvents: GEvt[] = [
  { type: 'root.retry' },
  { type: 'node.focus', key: 'n1001' },
  { type: 'node.toggle', id: 1001 },
  { type: 'node.expand', id: 1001 },
  { type: 'node.collapse', id: 1 },
  { type: 'node.loadMore', id: 1 },
  { type: 'nav.next' },
  { type: 'nav.prev' },
  { type: 'nav.first' },
  { type: 'nav.last' },
  { type: 'nav.right' },
  { type: 'nav.left' },
  { type: 'path.reveal', id: 1001001 },
];

/** The line from the caller (the root, 1) down to a member: `parent * 1000 + n` ids, as in the fake network. */
function lineTo(id: number): GenealogyLine {
  const ids: number[] = [];
  for (let at = id; at >= ROOT; at = Math.floor(at / 1000)) ids.unshift(at);
  return ids.map((lineId, level) => fakeNode(lineId, SHAPE[lineId] ?? 0, level));
}

/** The answers XState sends: the root's, and the one for the page at the head of the queue. */
function candidateEvents(snapshot: Snap<Machine>): GEvt[] {
  const { context } = snapshot;
  const answers: GEvt[] = [
    system({
      type: 'xstate.done.actor.loadRoot',
      output: viewFor({ nodeId: ROOT, page: 1, pageSize: context.pageSize }),
    }),
    system({ type: 'xstate.error.actor.loadRoot', error: failure }),
  ];
  const reveal = context.reveal;
  if (reveal?.status === 'loading' && snapshot.matches({ ready: { finder: 'loadingLine' } })) {
    answers.push(
      system({ type: 'xstate.done.actor.loadLine', output: lineTo(reveal.id) }),
      system({ type: 'xstate.error.actor.loadLine', error: failure }),
    );
  }
  const head = context.queue[0];
  if (head !== undefined) {
    answers.push(
      system({ type: 'xstate.done.actor.loadChildren', output: viewFor(head) }),
      system({ type: 'xstate.error.actor.loadChildren', error: failure }),
    );
  }
  // Keep the graph small: at most two pages waiting, and the keyboard only while nothing is queued.
  const quiet = context.queue.length === 0;
  // A distributor joins under the root (a live event) while nothing is queued or revealed, once: the root counts one
  // child more than the fixture's shape and is not offered again, so the graph stays small. Joining under a
  // member below (1001) is the rules' unit tests'.
  const joins: GEvt[] =
    quiet && context.reveal === null && context.root !== null && context.root.childrenCount === SHAPE[ROOT]
      ? [{ type: 'network.joined', sponsorId: ROOT }]
      : [];
  const user = userEvents.filter((event) => quiet || !event.type.startsWith('nav.'));
  return context.queue.length >= 2 ? answers : [...user, ...joins, ...answers];
}

const send = (event: GenealogyEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const genealogyMachineExecutors = {
  'root.retry': send,
  'node.focus': send,
  'node.toggle': send,
  'node.expand': send,
  'node.collapse': send,
  'node.loadMore': send,
  'nav.next': send,
  'nav.prev': send,
  'nav.first': send,
  'nav.last': send,
  'nav.right': send,
  'nav.left': send,
  'path.reveal': send,
  'network.joined': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

/**
 * The genealogy tree: the root failing and retried (or given with the page, ready at once), nodes opened and closed, pages of children, the keyboard, a
 * member's line revealed (and failing), a distributor joining under a member shown.
 */
export const genealogySuite = definePathSuite({
  name: 'genealogy',
  file: 'machines/genealogy/genealogy.machine.ts',
  machine: genealogyPathMachine,
  sets: () => [
    generatePaths(genealogyPathMachine, {
      label: 'own network, one child per page',
      input: { rootId: null, pageSize: 1 },
      events: candidateEvents,
    }),
    generatePaths(genealogyPathMachine, {
      label: 'a member to show from the start (the search result in the URL)',
      input: { rootId: null, pageSize: 1, revealId: 1001001 },
      events: candidateEvents,
    }),
    generatePaths(genealogyPathMachine, {
      label: 'the first view given (read with the page the server rendered): starts ready',
      input: { rootId: null, pageSize: 1, first: viewFor({ nodeId: ROOT, page: 1, pageSize: 1 }) },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(genealogyPathMachine, genealogyMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server covers GET /users/my-network by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/network/genealogy.spec.ts walks the tree by hand',
  },
});
