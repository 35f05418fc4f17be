/** What the standalone benchmarks share: a raw HTTP call to `/api/v3` (keeping the first cookie set) and a p95. */
import http from 'node:http';

export interface Answer {
  status: number;
  text: string;
  cookie: string | undefined;
}

export function request(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const all = {
      ...headers,
      ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    };
    const req = http.request(`${origin}/api/v3${path}`, { method, headers: all }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const p95 = (samples: readonly number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(0.95 * sorted.length) - 1))] ?? Number.NaN;
};
