/**
 * The server's own figures in `app.metrics` (docs/adr/0132-health-metrics-request-ids.md): how long requests take,
 * by route template (never by raw URL, so the series stay few), and how many live-event streams are open.
 * Process figures (memory, CPU, event-loop delay) are added when a metrics port is configured: they measure the
 * process, and a test app has no process of its own to measure.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: from a cached read (a few ms) to a large export or import (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label: the API's and the operator's routes by template; pages and files grouped. */
export function routeLabel(request: FastifyRequest, reply: FastifyReply, apiPrefix: string): string {
  const route = request.routeOptions.url;
  if (route !== undefined && (route.startsWith(`${apiPrefix}/`) || route === apiPrefix)) return route;
  if (route === '/healthz' || route === '/readyz') return route;
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && type.startsWith('text/html')) return '(page)';
  if (route !== undefined) return '(static)';
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith(`${apiPrefix}/`) ? '(api: no such route)' : '(not found)';
}

export function registerRequestMetrics(
  app: FastifyInstance,
  registry: Registry,
  options: { apiPrefix: string; processMetrics: boolean },
): void {
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      {
        method: request.method,
        route: routeLabel(request, reply, options.apiPrefix),
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  new Gauge({
    name: 'mlm_event_streams_open',
    help: 'Live-event streams (server-sent events) open on this process',
    registers: [registry],
    collect() {
      this.set(app.events.subscriberCount);
    },
  });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
}
