/**
 * One per process: learns of new rows of the `events` log (LISTEN `mlm_events`, plus a slow poll as a safety net),
 * reads them once and hands each open stream what its user may see. Also the process's share of housekeeping:
 * expired presence (announced as left), old events, spent tickets and closed rate-limit windows.
 *
 * Event ids become visible in order (migration 0004), so "every event after id N" is a complete answer.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { pruneRateLimits } from '../auth/rate-limit.ts';
import { pruneSpentChallenges } from '../domain/sign-up/challenge.ts';
import { pruneRevokedTokens } from '../auth/sessions.ts';
import type { Listen } from '../db/database.ts';
import type { DB, EventKind, EventsTable } from '../db/schema.ts';
import { registerAnswerPosition } from './answer-position.ts';
import { sweepPresence } from './presence.ts';
import { pruneStreams, renewStreams, STREAM_LEASE_MS } from './stream-cap.ts';

export const EVENTS_CHANNEL = 'mlm_events';

export type StoredEvent = Selectable<EventsTable>;

/** Why the server closes a stream (the `end` frame's `reason`). */
export type StreamEndReason = 'token_expired' | 'session_ended' | 'too_many_streams' | 'shutdown';

/** Who an open stream belongs to and where its events go. */
export interface EventSubscriber {
  userId: number;
  sessionVersion: number;
  /** The id of the token the stream was opened with (its logout ends the stream), when known. */
  tokenId?: string | null;
  /** The stream's row in `event_streams` (the per-user cap), when registered. */
  streamId?: string | null;
  /** The warehouse whose orders and presence the user sees as staff (null for distributors). */
  staffWarehouseId: number | null;
  deliver(event: StoredEvent): void;
  /** The session ended (logout, password changed), the user opened too many, or the process stops: it closes. */
  end(reason: Exclude<StreamEndReason, 'token_expired'>): void;
}

export interface EventHubOptions {
  /** Safety-net poll and housekeeping period (ms). */
  pollMs?: number;
  /** How long events stay in the log (ms): `Last-Event-ID` older than that gets a `reset`. */
  retentionMs?: number;
}

const STAFF_KINDS: readonly EventKind[] = ['order', 'presence', 'return'];
const BATCH = 1000;

/** Whether the subscriber may see the event (sessions are never shown, only acted upon). */
export function visibleTo(
  subscriber: Pick<EventSubscriber, 'userId' | 'staffWarehouseId'>,
  event: StoredEvent,
): boolean {
  if (event.kind === 'session') return false;
  if (event.kind !== 'presence' && event.user_id === subscriber.userId) return true;
  return (
    subscriber.staffWarehouseId !== null &&
    STAFF_KINDS.includes(event.kind) &&
    event.warehouse_id === subscriber.staffWarehouseId
  );
}

interface Entry {
  subscriber: EventSubscriber;
  cursor: number;
  /** Events that arrived while the backlog was being read. */
  pending: StoredEvent[] | null;
}

export interface Backlog {
  /** The log no longer holds every event after the given id: the client must reload what it shows. */
  reset: boolean;
  events: StoredEvent[];
}

export class EventHub {
  private cursor = 0;
  private readonly entries = new Set<Entry>();
  private fetching: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private ticks = 0;
  private renewedAt = Date.now();
  private started: Promise<void> | null = null;
  private readonly pollMs: number;
  private readonly retentionMs: number;
  /** When the log was last read to its end (readiness asks: server/ops/health.ts). */
  private lastReadAt: number | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly listen: Listen | undefined,
    options: EventHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? (listen === undefined ? 500 : 5000);
    this.retentionMs = options.retentionMs ?? 24 * 60 * 60 * 1000;
  }

  /** Reads the current end of the log and starts listening (idempotent). */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.cursor = await this.lastId();
      this.lastReadAt = Date.now();
      if (this.listen !== undefined) {
        this.unlisten = await this.listen(
          EVENTS_CHANNEL,
          () => this.poke(),
          () => this.poke(),
        );
      }
      this.timer = setInterval(() => this.tick(), this.pollMs);
      this.timer.unref();
    })();
    return this.started;
  }

  /** Ends every open stream (before the server closes, or it would wait for them). */
  endAll(): void {
    for (const entry of [...this.entries]) entry.subscriber.end('shutdown');
    this.entries.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.endAll();
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.unlisten?.();
    await this.fetching?.catch(() => undefined);
    this.entries.clear();
  }

  get subscriberCount(): number {
    return this.entries.size;
  }

  /** Whether the hub is reading the log: started, not stopped, and its last read is at most `staleMs` old. */
  health(staleMs = Math.max(3 * this.pollMs, 15_000)): { ok: boolean; lastReadAgoMs: number | null } {
    const ago = this.lastReadAt === null ? null : Date.now() - this.lastReadAt;
    const ok = this.timer !== undefined && !this.stopped && ago !== null && ago <= staleMs;
    return { ok, lastReadAgoMs: ago };
  }

  /** The newest event id this process has read. */
  get position(): number {
    return this.cursor;
  }

  /**
   * `position` once the log has been read (`null` before the hub started): where a page the server renders now
   * tells the browser's first stream to resume (server/prerender.ts). Every event up to it was committed before it
   * is taken, so reads made after it show them; later ones are sent to that stream.
   */
  get readPosition(): number | null {
    return this.lastReadAt === null ? null : this.cursor;
  }

  /**
   * Adds a stream. With `after`, the events after that id the subscriber may see are delivered first (or a reset
   * is answered when the log no longer reaches back that far); then live ones, none twice, none missed.
   * `onBacklog` gets those events and the position the stream starts live from. Answers a function that removes
   * the stream.
   */
  async subscribe(
    subscriber: EventSubscriber,
    after: number | undefined,
    onBacklog: (backlog: Backlog, position: number) => void,
  ): Promise<() => void> {
    await this.start();
    const entry: Entry = { subscriber, cursor: after ?? this.cursor, pending: [] };
    this.entries.add(entry);
    const remove = (): void => {
      this.entries.delete(entry);
    };
    try {
      const backlog =
        after === undefined ? { reset: false, events: [] } : await this.backlog(subscriber, after);
      if (backlog.reset) entry.cursor = Math.max(entry.cursor, this.cursor);
      for (const event of backlog.events) entry.cursor = Math.max(entry.cursor, Number(event.id));
      onBacklog(backlog, entry.cursor);
    } finally {
      const pending = entry.pending ?? [];
      entry.pending = null;
      for (const event of pending) this.deliverTo(entry, event);
    }
    return remove;
  }

  /** Makes the hub read new events now (a NOTIFY arrived). */
  poke(): void {
    if (this.fetching !== null) {
      this.again = true;
      return;
    }
    this.fetching = this.drain()
      .catch((error: unknown) => {
        process.emitWarning(`event hub: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        this.fetching = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async lastId(): Promise<number> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  private async backlog(subscriber: EventSubscriber, after: number): Promise<Backlog> {
    const oldest = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst();
    const oldestId = oldest?.id === null || oldest?.id === undefined ? null : Number(oldest.id);
    if (oldestId !== null && oldestId > after + 1) return { reset: true, events: [] };
    const rows = await this.db
      .selectFrom('events')
      .selectAll()
      .where('id', '>', after)
      .where((eb) =>
        eb.or([
          eb('user_id', '=', subscriber.userId),
          ...(subscriber.staffWarehouseId === null
            ? []
            : [eb('warehouse_id', '=', subscriber.staffWarehouseId)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH + 1)
      .execute();
    if (rows.length > BATCH) return { reset: true, events: [] };
    return { reset: false, events: rows.filter((event) => visibleTo(subscriber, event)) };
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.db
        .selectFrom('events')
        .selectAll()
        .where('id', '>', this.cursor)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      for (const event of rows) {
        this.cursor = Math.max(this.cursor, Number(event.id));
        for (const entry of this.entries) {
          if (entry.pending !== null) entry.pending.push(event);
          else this.deliverTo(entry, event);
        }
      }
      if (rows.length < BATCH) {
        this.lastReadAt = Date.now();
        return;
      }
    }
  }

  private deliverTo(entry: Entry, event: StoredEvent): void {
    const id = Number(event.id);
    if (id <= entry.cursor) return;
    entry.cursor = id;
    const { subscriber } = entry;
    if (event.kind === 'session') {
      const reason = event.user_id === subscriber.userId ? sessionEnd(event.payload, subscriber) : null;
      if (reason !== null) {
        this.entries.delete(entry);
        subscriber.end(reason);
      }
      return;
    }
    if (visibleTo(subscriber, event)) subscriber.deliver(event);
  }

  private tick(): void {
    this.poke();
    this.ticks += 1;
    const housekeeping = async (): Promise<void> => {
      if (Date.now() - this.renewedAt >= STREAM_LEASE_MS / 4) {
        this.renewedAt = Date.now();
        const ids = [...this.entries].flatMap((entry) => entry.subscriber.streamId ?? []);
        await renewStreams(this.db, ids);
      }
      await sweepPresence(this.db);
      if (this.ticks % 12 === 0) {
        const before = new Date(Date.now() - this.retentionMs);
        await this.db.deleteFrom('events').where('at', '<', before).execute();
        await this.db
          .deleteFrom('event_tickets')
          .where('expires_at', '<', new Date(Date.now() - 60_000))
          .execute();
        await pruneRateLimits(this.db, 24 * 60 * 60 * 1000);
        await pruneRevokedTokens(this.db);
        await pruneStreams(this.db);
        await pruneSpentChallenges(this.db);
      }
    };
    housekeeping().catch((error: unknown) => {
      process.emitWarning(`event housekeeping: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}

/**
 * Whether a `session` event of the subscriber's user ends its stream: a new session version (password change, sign
 * out everywhere), a logout of the stream's token, or the per-user cap naming this stream.
 */
function sessionEnd(
  payload: Record<string, unknown>,
  subscriber: EventSubscriber,
): 'session_ended' | 'too_many_streams' | null {
  if (typeof payload.sessionVersion === 'number' && payload.sessionVersion !== subscriber.sessionVersion)
    return 'session_ended';
  if (typeof payload.revoked === 'string' && payload.revoked === subscriber.tokenId) return 'session_ended';
  const closing = payload.closeStreams;
  if (Array.isArray(closing) && subscriber.streamId != null && closing.includes(subscriber.streamId))
    return 'too_many_streams';
  return null;
}

/**
 * Registers a hub on an app: started when ready, streams ended before close, stopped on close; `app.events`. Every
 * answer under `apiPrefix` then says where the log was before it was worked out (answer-position.ts, ADR 0159).
 */
export function registerEventHub(app: FastifyInstance, hub: EventHub, apiPrefix: string): void {
  app.decorate('events', hub);
  registerAnswerPosition(app, apiPrefix);
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.stop());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live-event hub (server/events/hub.ts). */
    events: EventHub;
  }
}
