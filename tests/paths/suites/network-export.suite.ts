import { type Actor, fromCallback } from 'xstate';
import {
  type ExportedFile,
  networkExportMachine,
  type NetworkExportEvent,
} from '#machines/network-export/network-export.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The network file download: started, progress arriving, saved, failed, cancelled, and started again after each.
 * The download actor's messages (`export.progress`, `export.done`, `export.failed`) are events of the machine, so
 * the table sends them as the streaming actor would; the actor itself is a callback that sends nothing.
 */

export const networkExportPathMachine = networkExportMachine.provide({
  actors: { download: fromCallback<NetworkExportEvent>(() => () => {}) },
});
type Machine = typeof networkExportPathMachine;
type NEvt = Evt<Machine>;

const file: ExportedFile = {
  blob: new Blob(['prn;name\nMD1000007;Ana Popescu\n'], { type: 'text/csv' }),
  fileName: 'network.csv',
  rows: 1,
};

const progress: NEvt = { type: 'export.progress', progress: { bytes: 512, rows: 1 } };
const streamEvents: NEvt[] = [
  progress,
  { type: 'export.done', file },
  { type: 'export.failed', error: { status: 500, code: 'INTERNAL' } },
  { type: 'export.cancel' },
];

/** Progress once per download; after one download ends, one more start walks every edge again. */
function candidateEvents(snapshot: Snap<Machine>): NEvt[] {
  if (snapshot.matches('idle')) return [{ type: 'export.start' }];
  const { progress: received } = snapshot.context;
  return streamEvents.filter((event) => event.type !== 'export.progress' || received?.rows === 0);
}

const send = (event: NetworkExportEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const networkExportMachineExecutors = {
  'export.start': send,
  'export.cancel': send,
  'export.progress': send,
  'export.done': send,
  'export.failed': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const networkExportSuite = definePathSuite({
  name: 'network-export',
  file: 'machines/network-export/network-export.machine.ts',
  machine: networkExportPathMachine,
  sets: () => [
    generatePaths(networkExportPathMachine, {
      label: 'network file',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(networkExportPathMachine, networkExportMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/network/business.test.ts streams GET /users/my-network-file by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/network/network-export.spec.ts downloads the file by hand (cancelling is not clicked)',
  },
});
