import { describe, expect, it } from 'vitest';
import { createApiClient } from '#src/api/client.ts';
import { fetchNetworkFile, fileNameFrom, type ExportProgress } from '#src/data/network.ts';

const BOM = '\uFEFF';
const HEADER = 'id,fullName,email\r\n';

/** A CSV answer written in several chunks, as the server streams it. */
function streamed(chunks: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
  });
}

function clientAnswering(answer: () => Response, seen: Request[] = []) {
  return createApiClient({
    baseUrl: 'http://portal.test/api/v3',
    getToken: () => 'jwt-1',
    fetch: async (request) => {
      seen.push(request);
      return answer();
    },
  });
}

describe('the network file download', () => {
  it('asks with the bearer token, reports bytes and rows as they arrive, and keeps the bytes (BOM, Cyrillic) intact', async () => {
    const rows = ['1,Наталья Петренко,n@x.test\r\n', '2,Elena Răileanu,e@x.test\r\n', '3,Ion,i@x.test\r\n'];
    const seen: Request[] = [];
    const client = clientAnswering(
      () =>
        streamed([BOM + HEADER, rows[0] ?? '', (rows[1] ?? '') + (rows[2] ?? '')], {
          'content-disposition': 'attachment; filename="my-network-2026-11-21.csv"',
        }),
      seen,
    );
    const progress: ExportProgress[] = [];
    const file = await fetchNetworkFile(client, (step) => progress.push(step));

    expect(seen[0]?.url).toBe('http://portal.test/api/v3/users/my-network-file');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(progress.map((step) => step.rows)).toEqual([0, 1, 3]);
    expect(progress.at(-1)?.bytes).toBe(file.blob.size);
    expect(file.rows).toBe(3);
    expect(file.fileName).toBe('my-network-2026-11-21.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(BOM + HEADER + rows.join(''));
  });

  it('throws the API error of a refused download', async () => {
    const client = clientAnswering(
      () =>
        new Response(JSON.stringify({ code: 'FORBIDDEN', status: 403, title: 'Forbidden', message: 'No' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(fetchNetworkFile(client, () => undefined)).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('names the file from Content-Disposition, or by the date without one', () => {
    expect(fileNameFrom('attachment; filename="a.csv"; filename*=UTF-8\'\'a.csv')).toBe('a.csv');
    expect(fileNameFrom('attachment; filename=b.csv')).toBe('b.csv');
    expect(fileNameFrom(null, new Date('2026-01-02T10:00:00Z'))).toBe('my-network-2026-01-02.csv');
  });
});
