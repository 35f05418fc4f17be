import { type Actor, fromPromise } from 'xstate';
import {
  type DocumentAction,
  documentFileMachine,
  type DocumentFileEvent,
  type DocumentRequest,
} from '../../../machines/documents/document-file.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * One document row's PDF: opening it in a tab or saving it, the tab the browser blocked (saved instead), a failed
 * fetch, a second click while the first runs, and asking again after either outcome. The `getFile` result is a
 * path event (`xstate.done.actor.0.documentFile.fetching`: the invoke has no id of its own).
 */

export const documentFilePathMachine = documentFileMachine.provide({
  actors: {
    getFile: fromPromise<DocumentAction, DocumentRequest>(() => new Promise<DocumentAction>(() => {})),
  },
});
type Machine = typeof documentFilePathMachine;
type DEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as DEvt;
const FETCH = '0.documentFile.fetching';

const open: DEvt = { type: 'file.get', documentId: 'marketing_plan', lang: 'ro', action: 'open' };
const download: DEvt = { type: 'file.get', documentId: 'marketing_plan', lang: 'ro', action: 'download' };
const answers: DEvt[] = [
  system({ type: `xstate.done.actor.${FETCH}`, output: 'open' }),
  /** The browser blocked the tab: the file was saved instead. */
  system({ type: `xstate.done.actor.${FETCH}`, output: 'download' }),
  system({ type: `xstate.error.actor.${FETCH}`, error: { status: 404, code: 'NOT_FOUND' } }),
];

/** Both buttons from a settled row, one answer of each kind while fetching (and the ignored second click). */
function candidateEvents(snapshot: Snap<Machine>): DEvt[] {
  if (snapshot.matches('fetching')) return [open, ...answers];
  // A second round starts from the first's outcome: one more request is enough to walk every edge.
  return snapshot.context.outcome === null && snapshot.context.error === null
    ? [open, download]
    : [snapshot.context.request?.action === 'open' ? download : open];
}

const send = (event: DocumentFileEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const documentFileMachineExecutors = {
  'file.get': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const documentFileSuite = definePathSuite({
  name: 'document-file',
  file: 'machines/documents/document-file.machine.ts',
  machine: documentFilePathMachine,
  sets: () => [
    generatePaths(documentFilePathMachine, {
      label: 'marketing plan PDF',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(documentFilePathMachine, documentFileMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/account/documents.test.ts fetches the PDFs by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/documents.spec.ts opens and saves the PDFs by hand',
  },
});
