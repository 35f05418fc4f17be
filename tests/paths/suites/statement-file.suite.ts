import { type Actor, fromPromise } from 'xstate';
import {
  statementFileMachine,
  type StatementFileEvent,
  type StatementFileRequest,
} from '../../../machines/statements/statement-file.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * A closed month's bonus statement PDF: saved, failed, a second click while it runs, and asking again after either
 * outcome. The `getFile` result is a path event (`xstate.done.actor.0.statementFile.fetching`).
 */

export const statementFilePathMachine = statementFileMachine.provide({
  actors: {
    getFile: fromPromise<void, StatementFileRequest>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof statementFilePathMachine;
type SEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as SEvt;
const FETCH = '0.statementFile.fetching';

const october: SEvt = { type: 'file.get', month: '2026-10', lang: 'en' };
const september: SEvt = { type: 'file.get', month: '2026-09', lang: 'uk' };
const answers: SEvt[] = [
  system({ type: `xstate.done.actor.${FETCH}`, output: undefined }),
  system({ type: `xstate.error.actor.${FETCH}`, error: { status: 404, code: 'NOT_FOUND' } }),
];

function candidateEvents(snapshot: Snap<Machine>): SEvt[] {
  if (snapshot.matches('fetching')) return [september, ...answers];
  return snapshot.context.request === null ? [october] : [september];
}

const send = (event: StatementFileEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const statementFileMachineExecutors = {
  'file.get': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const statementFileSuite = definePathSuite({
  name: 'statement-file',
  file: 'machines/statements/statement-file.machine.ts',
  machine: statementFilePathMachine,
  sets: () => [
    generatePaths(statementFilePathMachine, {
      label: 'bonus statement PDF',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(statementFilePathMachine, statementFileMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/network/statements.test.ts fetches the PDFs by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/business/statements.spec.ts downloads a PDF by hand',
  },
});
