/**
 * The events machine with the app's calls (`provideEvents`, tested with fakes); `live-events.tsx` runs it for the
 * signed-in user. Frames become cache updates: an order change refetches that order's page (active now, or
 * when next shown) and the order lists; a volumes change refetches the business figures and the network; a new
 * order at the warehouse goes to the "N new orders" pill instead of moving the list under the user; a bag change
 * refetches the bag; presence replaces the order's viewers; a return change refetches that return, the order's
 * returns and the returns queue; a distributor joining the downline refetches the network and the figures and tells
 * the tree; a client of the user's shop ordering refetches "Client orders" and the client base; a reset reloads
 * orders, returns, bag, figures, network and clients. The
 * stream itself is an `EventSource` opened with a single-use ticket.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import { eventsMachine } from '../../machines/events/events.machine.ts';
import type {
  EventsEvent,
  LiveFrame,
  LiveClientOrderChange,
  LiveShopClientChange,
  LiveNetworkChange,
  LiveOrderChange,
  LivePresence,
  LiveReturnChange,
  LiveVolumesChange,
  StreamEndReason,
  StreamInput,
} from '../../machines/events/events.types.ts';
import { api, API_BASE, unwrap } from '../api/client.ts';
import {
  bagKeys,
  businessKeys,
  clientKeys,
  clientOrderKeys,
  networkKeys,
  orderKeys,
  returnKeys,
} from '../data/keys.ts';
import { noteArrivedOrder, noteNetworkJoin, setViewers } from '../data/live.ts';

/** The part of `EventSource` the stream uses (tests give a fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface EventsDeps {
  queryClient: QueryClient;
  openTicket: () => Promise<{ ticket: string }>;
  openEventSource: (url: string) => EventSourceLike;
  /** The signed-in user works at a warehouse (new orders there go to the pill). */
  isStaff: boolean;
  /** The signed-in user's id (their own new orders are not "arrived"). */
  userId: number | null;
}

function parse<T>(event: MessageEvent<string>): T | null {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

/** The stream URL: the ticket, and where to resume. */
export function streamUrl(base: string, { ticket, lastEventId }: StreamInput): string {
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== null) query.set('lastEventId', lastEventId);
  return `${base}/events?${query.toString()}`;
}

function streamActor(openEventSource: EventsDeps['openEventSource']) {
  return fromCallback<EventsEvent, StreamInput>(({ input, sendBack }) => {
    const source = openEventSource(streamUrl(API_BASE, input));
    const frame =
      (
        kind:
          | 'order'
          | 'presence'
          | 'bag'
          | 'volumes'
          | 'return'
          | 'network'
          | 'client_order'
          | 'shop_client'
          | 'reset',
      ) =>
      (event: MessageEvent<string>) => {
        const id = event.lastEventId === '' ? null : event.lastEventId;
        if (kind === 'order') {
          const data = parse<LiveOrderChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'presence') {
          const data = parse<LivePresence>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'volumes') {
          const data = parse<LiveVolumesChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'return') {
          const data = parse<LiveReturnChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'network') {
          const data = parse<LiveNetworkChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'client_order') {
          const data = parse<LiveClientOrderChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else if (kind === 'shop_client') {
          const data = parse<LiveShopClientChange>(event);
          if (data !== null) sendBack({ type: 'stream.frame', id, frame: { kind, data } });
        } else sendBack({ type: 'stream.frame', id, frame: { kind } });
      };
    source.addEventListener('ready', (event) =>
      sendBack({ type: 'stream.ready', position: event.lastEventId }),
    );
    for (const kind of [
      'order',
      'presence',
      'bag',
      'volumes',
      'return',
      'network',
      'client_order',
      'shop_client',
      'reset',
    ] as const)
      source.addEventListener(kind, frame(kind));
    source.addEventListener('end', (event) => {
      const reason = parse<{ reason: StreamEndReason }>(event)?.reason ?? 'shutdown';
      source.close();
      sendBack({ type: 'stream.ended', reason });
    });
    // The ticket is spent: EventSource's own reconnect would be refused, so the machine reconnects with a new one.
    source.addEventListener('error', () => {
      source.close();
      sendBack({ type: 'stream.failed' });
    });
    return () => source.close();
  });
}

/** What one frame does to the cache. */
export function applyFrame(
  deps: Pick<EventsDeps, 'queryClient' | 'isStaff' | 'userId'>,
  frame: LiveFrame,
): void {
  const { queryClient } = deps;
  switch (frame.kind) {
    case 'order': {
      const { orderId, version, change, actor } = frame.data;
      const cached = queryClient.getQueryData<{ version: number }>(orderKeys.detail(orderId));
      if (cached === undefined || cached.version < version) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      }
      if (change === 'created' && deps.isStaff && actor?.id !== deps.userId) {
        noteArrivedOrder(queryClient, orderId);
      } else {
        void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      }
      return;
    }
    case 'presence':
      setViewers(queryClient, frame.data.orderId, frame.data.viewers);
      return;
    case 'bag':
      void queryClient.invalidateQueries({ queryKey: bagKeys.all() });
      return;
    case 'volumes':
      // An order of the user's or of their downline was completed or taken back: every figure may have moved.
      void queryClient.invalidateQueries({ queryKey: businessKeys.all() });
      void queryClient.invalidateQueries({ queryKey: networkKeys.all() });
      return;
    case 'network':
      // A distributor joined below the user: the network's lists and counts, the month's recruits, and the tree
      // (a machine: it reloads the sponsor's children if it shows them).
      void queryClient.invalidateQueries({ queryKey: networkKeys.all() });
      void queryClient.invalidateQueries({ queryKey: businessKeys.all() });
      noteNetworkJoin(frame.data.sponsorId);
      return;
    case 'client_order':
      // A client of the user's shop ordered (docs/adr/0147-the-storefront-and-client-checkout.md): Main's "Client
      // orders" and the client base (its order counts, the client's page) read again.
      void queryClient.invalidateQueries({ queryKey: clientOrderKeys.all() });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all() });
      return;
    case 'shop_client':
      // Someone signed up in the user's shop (docs/adr/0146-the-shop-link.md): the client base lists them; they
      // have no order yet, so "Client orders" stays as it is.
      void queryClient.invalidateQueries({ queryKey: clientKeys.all() });
      return;
    case 'return': {
      // The return's page (when older than the frame), the order's returns and the warehouse's returns queue with
      // its "waiting" count; the order itself follows its own `order` frame (a return step is in its history).
      const { returnId, orderId, version } = frame.data;
      const cached = queryClient.getQueryData<{ version: number }>(returnKeys.detail(returnId));
      if (cached === undefined || cached.version < version) {
        void queryClient.invalidateQueries({ queryKey: returnKeys.detail(returnId) });
      }
      void queryClient.invalidateQueries({ queryKey: returnKeys.ofOrder(orderId) });
      void queryClient.invalidateQueries({
        queryKey: returnKeys.all(),
        predicate: (query) => query.queryKey[1] === 'queue',
      });
      return;
    }
    case 'reset':
      void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
      void queryClient.invalidateQueries({ queryKey: returnKeys.all() });
      void queryClient.invalidateQueries({ queryKey: bagKeys.all() });
      void queryClient.invalidateQueries({ queryKey: businessKeys.all() });
      void queryClient.invalidateQueries({ queryKey: networkKeys.all() });
      void queryClient.invalidateQueries({ queryKey: clientOrderKeys.all() });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all() });
      return;
  }
}

export function provideEvents(deps: EventsDeps) {
  return eventsMachine.provide({
    actors: {
      openTicket: fromPromise(() => deps.openTicket()),
      stream: streamActor(deps.openEventSource),
    },
    actions: {
      applyFrame: (_, { frame }) => applyFrame(deps, frame),
    },
  });
}

/** `POST /events/ticket`: a single-use ticket for the stream. */
export const openTicket = () => unwrap(api.POST('/events/ticket'));
export const openEventSource = (url: string): EventSourceLike => new EventSource(url);
