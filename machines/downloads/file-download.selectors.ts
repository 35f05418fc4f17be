import type { SnapshotFrom } from 'xstate';
import type { FileOutcome, FileRequest, fileDownloadMachine } from './file-download.machine.ts';

/** What the views read of a file download. */
export type FileDownloadSnapshot = SnapshotFrom<typeof fileDownloadMachine>;

/** The request being fetched now (which button shows it is busy), or null. */
export const selectPendingRequest = (snapshot: FileDownloadSnapshot): FileRequest | null =>
  snapshot.matches('fetching') ? snapshot.context.request : null;

/** The last failure (the view shows it), or null. */
export const selectFileError = (snapshot: FileDownloadSnapshot): unknown =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The file handed to the browser last, with what the browser did with it, or null. */
export const selectDelivered = (
  snapshot: FileDownloadSnapshot,
): { request: FileRequest; outcome: FileOutcome } | null => {
  const { request, outcome } = snapshot.context;
  return snapshot.matches('done') && request !== null && outcome !== null ? { request, outcome } : null;
};

/** The file was to open in a tab, but the browser blocked the tab and it was saved instead. */
export const selectOpenedAsDownload = (snapshot: FileDownloadSnapshot): boolean => {
  const delivered = selectDelivered(snapshot);
  return delivered?.request.action === 'open' && delivered.outcome === 'download';
};
