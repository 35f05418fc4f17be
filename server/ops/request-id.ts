/**
 * Every request has an id (docs/adr/0132-health-metrics-request-ids.md): in every log line of the request
 * (`reqId`) and in the answer's `X-Request-Id`, so an operator finds a user's failed request by the id the
 * browser's network panel shows. Behind a trusted proxy that sets `X-Request-Id` (nginx's `$request_id`,
 * docs/scaling.md) its id is kept, tying the proxy's access log to ours; otherwise, and for anything but a short
 * token of safe characters, a new random id is made: a client cannot forge ids in our logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: the proxy's id when trusted and well-formed, else a random UUID. */
export function requestIdGenerator(trustProxy: unknown): (request: IncomingMessage) => string {
  const trusted = trustProxy !== false && trustProxy !== undefined && trustProxy !== 0;
  return (request) => {
    const inbound = trusted ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof inbound === 'string' && SAFE_ID.test(inbound) ? inbound : randomUUID();
  };
}

/** Every answer, refusals included, carries its request's id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
