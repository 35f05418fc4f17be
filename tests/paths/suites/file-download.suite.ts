import { type Actor, fromPromise } from 'xstate';
import {
  fileDownloadMachine,
  type FileDownloadEvent,
  type FileOutcome,
  type FileRequest,
} from '#machines/downloads/file-download.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The one file-download machine, in both of its uses:
 * - a document row's PDF: opening it in a tab or saving it, the tab the browser blocked (saved instead), a failed
 *   fetch, a second click while the first runs, and asking again after either outcome;
 * - a closed month's bonus statement PDF: saved, failed, a second click while it runs, and asking again;
 * - a warehouse print (the pick list, the packing slips) of some orders: saved, failed, a second click while it
 *   runs, an empty selection (ignored), and printing again after either outcome.
 * The `getFile` result is a path event (`xstate.done.actor.getFile`, `xstate.error.actor.getFile`).
 */

export const fileDownloadPathMachine = fileDownloadMachine.provide({
  actors: {
    getFile: fromPromise<FileOutcome, FileRequest>(() => new Promise<FileOutcome>(() => {})),
  },
});
type Machine = typeof fileDownloadPathMachine;
type FEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as FEvt;
const opened = system({ type: 'xstate.done.actor.getFile', output: 'open' });
/** Saved (for a document: also when the browser blocked the tab). */
const saved = system({ type: 'xstate.done.actor.getFile', output: 'download' });
const failed = system({ type: 'xstate.error.actor.getFile', error: { status: 404, code: 'NOT_FOUND' } });

const openPlan: FEvt = { type: 'file.get', file: 'marketing_plan', lang: 'ro', action: 'open' };
const savePlan: FEvt = { type: 'file.get', file: 'marketing_plan', lang: 'ro', action: 'download' };

/** Both buttons from a settled row, one answer of each kind while fetching (and the ignored second click). */
function documentEvents(snapshot: Snap<Machine>): FEvt[] {
  if (snapshot.matches('fetching')) return [openPlan, opened, saved, failed];
  // A second round starts from the first's outcome: one more request is enough to walk every edge.
  return snapshot.context.outcome === null && snapshot.context.error === null
    ? [openPlan, savePlan]
    : [snapshot.context.request?.action === 'open' ? savePlan : openPlan];
}

const october: FEvt = { type: 'file.get', file: '2026-10', lang: 'en', action: 'download' };
const september: FEvt = { type: 'file.get', file: '2026-09', lang: 'uk', action: 'download' };

function statementEvents(snapshot: Snap<Machine>): FEvt[] {
  if (snapshot.matches('fetching')) return [september, saved, failed];
  return snapshot.context.request === null ? [october] : [september];
}

const pickList: FEvt = { type: 'file.get', file: 'pick-list', lang: 'ru', action: 'download', ids: [1, 2] };
const slips: FEvt = { type: 'file.get', file: 'packing-slips', lang: 'ru', action: 'download', ids: [1] };
const noOrders: FEvt = { type: 'file.get', file: 'pick-list', lang: 'ru', action: 'download', ids: [] };

function printEvents(snapshot: Snap<Machine>): FEvt[] {
  if (snapshot.matches('fetching')) return [slips, saved, failed];
  if (snapshot.context.request === null) return [pickList, noOrders];
  return [snapshot.context.request.file === 'pick-list' ? slips : pickList];
}

const send = (event: FileDownloadEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const fileDownloadMachineExecutors = {
  'file.get': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const fileDownloadSuite = definePathSuite({
  name: 'file-download',
  file: 'machines/downloads/file-download.machine.ts',
  machine: fileDownloadPathMachine,
  sets: () => [
    generatePaths(fileDownloadPathMachine, {
      label: 'marketing plan PDF',
      input: undefined,
      events: documentEvents,
    }),
    generatePaths(fileDownloadPathMachine, {
      label: 'bonus statement PDF',
      input: undefined,
      events: statementEvents,
    }),
    generatePaths(fileDownloadPathMachine, {
      label: 'warehouse print',
      input: undefined,
      events: printEvents,
    }),
  ],
  levels: {
    machine: machineLevel(fileDownloadPathMachine, fileDownloadMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/account/documents.test.ts, tests/server/routes/network/statements.test.ts and tests/server/routes/orders/queue.test.ts fetch the PDFs by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/documents.spec.ts opens and saves the PDFs by hand, tests/e2e/business/statements.spec.ts downloads one, tests/e2e/warehouse/warehouse-queue.spec.ts downloads the pick list and packing slips',
  },
});
