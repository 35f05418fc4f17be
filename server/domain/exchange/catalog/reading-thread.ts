/**
 * A catalogue file's XML parsed in a thread of its own (docs/adr/0150-requests-before-background-work.md): saxes
 * reads CommerceML at about 5 MB/s, so a 30 MB catalogue is six seconds of a thread's time — on the main thread,
 * six seconds other requests share. Here it uses a core of its own; the main thread only keeps the records.
 *
 * Speaks with `readCatalogueFileInThread` (reading.ts): `{ bytes, skip }` as the thread's data; out go
 * `{ records, header }` batches, each answered `more` before the next is read (so a slow database holds the
 * parse back instead of piling records up), then `{ done, header }` or `{ error, xml }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { XmlReadError } from '../xml-stream.ts';
import { readCatalogueFile, type CatalogueRecord, type FileHeader } from './records.ts';

export type ThreadMessage =
  | { kind: 'records'; records: CatalogueRecord[]; header: FileHeader }
  | { kind: 'done'; header: FileHeader }
  | { kind: 'error'; message: string; xml: boolean };

const port = parentPort;
const { bytes, skip } = workerData as { bytes: Uint8Array; skip: number };

if (port !== null) {
  let more: (() => void) | null = null;
  port.on('message', () => {
    more?.();
    more = null;
  });
  readCatalogueFile(bytes, {
    skip,
    onRecords: async (records, header) => {
      if (records.length === 0) return undefined;
      const answered = new Promise<void>((resolve) => {
        more = resolve;
      });
      port.postMessage({ kind: 'records', records, header } satisfies ThreadMessage);
      await answered;
      return undefined;
    },
  }).then(
    ({ header }) => port.postMessage({ kind: 'done', header } satisfies ThreadMessage),
    (error: unknown) =>
      port.postMessage({
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
        xml: error instanceof XmlReadError,
      } satisfies ThreadMessage),
  );
}
