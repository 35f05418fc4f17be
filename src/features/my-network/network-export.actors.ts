/**
 * The network-export machine with the app's calls, provided in one place (`provideNetworkExport`, tested with
 * fakes), and the hook the download button uses.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import {
  type ExportedFile,
  type NetworkExportEvent,
  networkExportMachine,
} from '#machines/network-export/network-export.machine.ts';
import { selectExportRunning } from '#machines/network-export/network-export.selectors.ts';
import { isAbortError } from '../../api/errors.ts';
import { reportFailure } from '../../api/failure-bridge.ts';
import { type NetworkApi, networkApi } from '../../data/network.ts';
import { saveFile } from '../../data/save-file.ts';

export interface NetworkExportDeps {
  api: Pick<NetworkApi, 'exportFile'>;
  saveFile: (file: ExportedFile) => void;
  reportFailure: (error: unknown) => void;
}

export function provideNetworkExport(deps: NetworkExportDeps) {
  return networkExportMachine.provide({
    actors: {
      download: fromCallback<NetworkExportEvent>(({ sendBack }) => {
        const controller = new AbortController();
        deps.api
          .exportFile((progress) => sendBack({ type: 'export.progress', progress }), controller.signal)
          .then(
            (file) => sendBack({ type: 'export.done', file }),
            (error: unknown) => {
              if (!isAbortError(error) && !controller.signal.aborted)
                sendBack({ type: 'export.failed', error });
            },
          );
        return () => controller.abort();
      }),
    },
    actions: {
      saveFile: (_, { file }) => deps.saveFile(file),
      reportFailure: (_, { error }) => deps.reportFailure(error),
    },
  });
}

/** The network file download: `start()` fetches and saves it, `cancel()` stops it; `progress` while it runs. */
export function useNetworkExport() {
  const logic = useMemo(
    () =>
      provideNetworkExport({
        api: networkApi,
        saveFile,
        reportFailure,
      }),
    [],
  );
  const actorRef = useActorRef(logic);
  const isRunning = useSelector(actorRef, selectExportRunning);
  const progress = useSelector(actorRef, (snapshot) => snapshot.context.progress);
  const savedRows = useSelector(actorRef, (snapshot) => snapshot.context.savedRows);
  return {
    start: () => actorRef.send({ type: 'export.start' }),
    cancel: () => actorRef.send({ type: 'export.cancel' }),
    isRunning,
    progress: isRunning ? progress : null,
    savedRows,
  };
}
