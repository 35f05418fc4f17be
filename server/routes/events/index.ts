/** Live events and presence: `createEventTicket`, `streamEvents`, `heartbeatOrderPresence`, `leaveOrderPresence`. */
import { respond, type Handler, type Handlers } from '../../contract/types.ts';
import { heartbeat, leave } from '../../events/presence.ts';
import { openEventStream, resumeAfter } from '../../events/stream.ts';
import { issueTicket } from '../../events/tickets.ts';

const createEventTicket: Handler<'createEventTicket'> = async ({ db, user }) => issueTicket(db, user);

const streamEvents: Handler<'streamEvents'> = async ({ request, query, headers }) =>
  openEventStream(request.server, query.ticket, resumeAfter(headers['Last-Event-ID'], query.lastEventId));

const heartbeatOrderPresence: Handler<'heartbeatOrderPresence'> = async ({ db, user, params }) =>
  heartbeat(db, user, params.id);

const leaveOrderPresence: Handler<'leaveOrderPresence'> = async ({ db, user, params }) => {
  await leave(db, user, params.id);
  return respond(204);
};

export const eventHandlers: Pick<
  Handlers,
  'createEventTicket' | 'streamEvents' | 'heartbeatOrderPresence' | 'leaveOrderPresence'
> = { createEventTicket, streamEvents, heartbeatOrderPresence, leaveOrderPresence };
