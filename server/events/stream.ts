/**
 * `GET /events?ticket=…`: a Server-Sent Events stream of what the ticket's user may see (server/events/hub.ts).
 *
 * Frames: `event: ready` (with `id:` the position it starts from, so a client always has a Last-Event-ID), then
 * `order`, `bag`, `presence`, `volumes`, `return` events with their log id; `event: reset` when `Last-Event-ID` is older than the log
 * (reload what you show); `event: end` with `{ reason }` right before the server closes it (`token_expired`,
 * `session_ended` — a logout, a password change —, `too_many_streams` — the user opened more than
 * `MAX_STREAMS_PER_USER`, this one the oldest —, `shutdown`). A comment line every `HEARTBEAT_MS` keeps proxies from closing an idle stream.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { respond, type ContractResult } from '../contract/types.ts';
import { unauthorized } from '../http/errors.ts';
import type { EventSubscriber, StoredEvent, StreamEndReason } from './hub.ts';
import { forgetStream, registerStream } from './stream-cap.ts';
import { redeemTicket } from './tickets.ts';

export const HEARTBEAT_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What a client receives for a stored event. */
export function eventData(event: StoredEvent): Record<string, unknown> {
  return { ...event.payload, at: event.at.toISOString() };
}

/** The resume point: `Last-Event-ID` (EventSource's own reconnect) or `lastEventId` (a new EventSource). */
export function resumeAfter(header: unknown, query: number | undefined): number | undefined {
  const text = typeof header === 'string' ? header.trim() : '';
  if (/^\d{1,15}$/.test(text)) return Number(text);
  return query;
}

export async function openEventStream(
  app: FastifyInstance,
  ticket: string,
  after: number | undefined,
): Promise<ContractResult> {
  const holder = await redeemTicket(app.db, ticket);
  if (holder === null) throw unauthorized('UNAUTHORIZED');
  const streamId = await registerStream(app.db, holder.userId, app.config.maxStreamsPerUser);
  const stream = new PassThrough();
  const timers: NodeJS.Timeout[] = [];
  const subscription: { remove?: () => void } = {};
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    subscription.remove?.();
    forgetStream(app.db, streamId).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not forget a closed event stream');
    });
  };
  const end = (reason: StreamEndReason): void => {
    if (closed) return;
    stream.end(frame('end', { reason }));
    finish();
  };
  stream.on('close', finish);
  stream.on('error', finish);

  const subscriber: EventSubscriber = {
    userId: holder.userId,
    sessionVersion: holder.sessionVersion,
    tokenId: holder.tokenId,
    streamId,
    staffWarehouseId: holder.staffWarehouseId,
    deliver(event) {
      if (!closed) stream.write(frame(event.kind, eventData(event), Number(event.id)));
    },
    end,
  };
  stream.write(`retry: 2000\n\n`);
  subscription.remove = await app.events.subscribe(subscriber, after, (backlog, position) => {
    if (backlog.reset) stream.write(frame('reset', {}, position));
    for (const event of backlog.events) subscriber.deliver(event);
    stream.write(frame('ready', { position }, position));
  });
  if (closed) subscription.remove();

  const heartbeat = setInterval(() => {
    if (!closed) stream.write(`: heartbeat ${new Date().toISOString()}\n\n`);
  }, HEARTBEAT_MS);
  timers.push(heartbeat);
  const untilExpiry = Math.min(Math.max(holder.tokenExpiresAt.getTime() - Date.now(), 0), MAX_TIMER_MS);
  timers.push(setTimeout(() => end('token_expired'), untilExpiry));

  return respond(200, stream, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    // The connection ends with the stream (a server shutting down need not wait for keep-alive to time out).
    connection: 'close',
  });
}
