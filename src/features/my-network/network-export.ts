import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api, type ApiClient, unwrap } from '../../api/client.ts';

export interface ExportProgress {
  /** Bytes of the file received so far. */
  bytes: number;
  /** Distributor rows received so far (lines after the header). */
  rows: number;
}

export interface NetworkFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

const NEWLINE = 0x0a;

/** `attachment; filename="my-network-2026-11-21.csv"` → the file name; a dated default without one. */
export function fileNameFrom(disposition: string | null, today: Date = new Date()): string {
  const quoted = disposition === null ? null : /filename="([^"]+)"/i.exec(disposition);
  const bare = disposition === null ? null : /filename=([^;\s"]+)/i.exec(disposition);
  const name = quoted?.[1] ?? bare?.[1];
  return name !== undefined && name !== '' ? name : `my-network-${today.toISOString().slice(0, 10)}.csv`;
}

/**
 * `GET /users/my-network-file` through the app's client (bearer token, error shape), read chunk by chunk so the
 * caller sees the bytes and rows received while the server writes the file. Rows are counted by line ends (the
 * file is CSV with CRLF, one header row; no field holds a line break).
 */
export async function fetchNetworkFile(
  client: ApiClient,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<NetworkFile> {
  const result = await client.GET('/users/my-network-file', {
    parseAs: 'stream',
    ...(signal === undefined ? {} : { signal }),
  });
  const body = await unwrap(Promise.resolve(result));
  const fileName = fileNameFrom(result.response.headers.get('content-disposition'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  if (body !== null) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      for (const byte of value) if (byte === NEWLINE) lines++;
      onProgress({ bytes, rows: Math.max(lines - 1, 0) });
    }
  }
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    fileName,
    rows: Math.max(lines - 1, 0),
  };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The network file download: `start()` fetches and saves it, `cancel()` stops it. Failures are toasted by the
 * query cache (a cancel is not a failure). `progress` is null when no download runs.
 */
export function useNetworkExport(client: ApiClient = api) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationKey: ['users', 'my-network-file'],
    mutationFn: async () => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress({ bytes: 0, rows: 0 });
      try {
        return await fetchNetworkFile(client, setProgress, current.signal);
      } finally {
        if (controller.current === current) controller.current = null;
        setProgress(null);
      }
    },
    onSuccess: (file) => saveBlob(file.blob, file.fileName),
  });
  const { mutate, reset } = mutation;
  const start = useCallback(() => mutate(), [mutate]);
  const cancel = useCallback(() => {
    controller.current?.abort();
    reset();
  }, [reset]);
  return {
    start,
    cancel,
    isRunning: mutation.isPending,
    progress,
    /** Rows of the last file saved. */
    savedRows: mutation.data?.rows ?? null,
  };
}
