/**
 * Prometheus scrapes `GET /metrics` on a port of its own (METRICS_PORT, on METRICS_HOST, 127.0.0.1 unless set;
 * docs/adr/0132-health-metrics-request-ids.md): the balancer never forwards to it, so the figures are not
 * public and need no token, and each process is scraped directly (through a balancer a scrape would reach a
 * different process each time).
 */
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { urlHost } from '../config.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(
  registry: Registry,
  where: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('cache-control', 'no-store');
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : where.port;
  return {
    url: `http://${urlHost(where.host)}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
