/**
 * Every answer of the API says where the event log was when the server began working it out: `Event-Position`, the
 * newest event id this process had read (`EventHub.readPosition`) as the request arrived, before any of its reads.
 * Every event up to it was committed before it was taken, so the answer shows it. The browser's first live stream of
 * a session resumes from the lowest position among the answers its cache holds (src/api/answer-positions.ts, ADR
 * 0159) instead of reading every screen again. No header before the hub has read the log: the browser then starts
 * its stream with a reset, as it does for an answer it cannot place.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const EVENT_POSITION_HEADER = 'event-position';

const positions = new WeakMap<FastifyRequest, number>();

export function registerAnswerPosition(app: FastifyInstance, apiPrefix: string): void {
  const underApi = (url: string) => url === apiPrefix || url.startsWith(`${apiPrefix}/`);
  app.addHook('onRequest', async (request) => {
    if (!underApi(request.url)) return;
    const position = app.events.readPosition;
    if (position !== null) positions.set(request, position);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const position = positions.get(request);
    if (position !== undefined) reply.header(EVENT_POSITION_HEADER, String(position));
    return payload;
  });
}
