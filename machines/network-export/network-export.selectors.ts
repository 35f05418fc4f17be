import type { networkExportMachine } from './network-export.machine.ts';

/** What the views read of the network export. */
export type NetworkExportSnapshot = ReturnType<typeof networkExportMachine.getInitialSnapshot>;

export const selectExportRunning = (snapshot: NetworkExportSnapshot): boolean =>
  snapshot.matches('downloading');
