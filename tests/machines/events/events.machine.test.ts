import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { backoffMs, eventsMachine } from '#machines/events/events.machine.ts';
import type { EventsEvent, LiveFrame, StreamInput } from '#machines/events/events.types.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(options: { ticketFails?: () => boolean; lastEventId?: string } = {}) {
  const streams: Array<{ input: StreamInput; send: (event: EventsEvent) => void; closed: boolean }> = [];
  const applied: LiveFrame[] = [];
  let tickets = 0;
  const clock = new SimulatedClock();
  const logic = eventsMachine.provide({
    actors: {
      openTicket: fromPromise(async () => {
        tickets += 1;
        if (options.ticketFails?.() === true) throw new Error('offline');
        return { ticket: `t${tickets}` };
      }),
      stream: fromCallback<EventsEvent, StreamInput>(({ input, sendBack }) => {
        const entry = { input, send: sendBack, closed: false };
        streams.push(entry);
        return () => {
          entry.closed = true;
        };
      }),
    },
    actions: { applyFrame: (_, { frame }) => void applied.push(frame) },
  });
  const actor = createActor(logic, { clock, input: { lastEventId: options.lastEventId ?? null } });
  actor.start();
  return { actor, streams, applied, clock, tickets: () => tickets };
}

const orderFrame = (version: number): LiveFrame => ({
  kind: 'order',
  data: {
    change: 'changed',
    orderId: 7,
    number: '000007',
    version,
    status: 'confirmed',
    paymentState: 'need_pay',
    event: 'CONFIRM',
    actor: { id: 2, name: 'Victor Munteanu', role: 'warehouse' },
    at: '2026-01-01T00:00:00Z',
  },
});

describe('events machine', () => {
  it('opens the stream with a fresh ticket and hands every frame on, remembering the last id', async () => {
    const { actor, streams, applied } = harness();
    await flush();
    expect(actor.getSnapshot().value).toBe('streaming');
    expect(streams[0]?.input).toEqual({ ticket: 't1', lastEventId: null });
    streams[0]?.send({ type: 'stream.ready', position: '40' });
    streams[0]?.send({ type: 'stream.frame', id: '41', frame: orderFrame(3) });
    streams[0]?.send({ type: 'stream.frame', id: null, frame: { kind: 'reset' } });
    // The first `ready` has nothing to resume from: the screens read again what they read before it (a reset).
    expect(applied).toEqual([{ kind: 'reset' }, orderFrame(3), { kind: 'reset' }]);
    expect(actor.getSnapshot().context.lastEventId).toBe('41');
  });

  it('a first stream given the page’s position resumes from it and reads nothing again', async () => {
    const { actor, streams, applied } = harness({ lastEventId: '37' });
    await flush();
    expect(streams[0]?.input).toEqual({ ticket: 't1', lastEventId: '37' });
    // The server sends what changed since the page's reads (here one order), then `ready` at its position.
    streams[0]?.send({ type: 'stream.frame', id: '39', frame: orderFrame(4) });
    streams[0]?.send({ type: 'stream.ready', position: '39' });
    expect(applied).toEqual([orderFrame(4)]);
    expect(actor.getSnapshot().context.lastEventId).toBe('39');
  });

  it("a reconnect's ready resumes after the last event id and reads nothing again", async () => {
    const { streams, applied, clock } = harness();
    await flush();
    streams[0]?.send({ type: 'stream.ready', position: '10' });
    streams[0]?.send({ type: 'stream.failed' });
    clock.increment(backoffMs(1));
    await flush();
    streams[1]?.send({ type: 'stream.ready', position: '10' });
    expect(applied).toEqual([{ kind: 'reset' }]);
  });

  it('after a drop waits, then resumes after the last event id with a new ticket', async () => {
    const { actor, streams, clock } = harness();
    await flush();
    streams[0]?.send({ type: 'stream.ready', position: '10' });
    streams[0]?.send({ type: 'stream.frame', id: '12', frame: { kind: 'bag' } });
    streams[0]?.send({ type: 'stream.failed' });
    expect(streams[0]?.closed).toBe(true);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(backoffMs(1));
    await flush();
    expect(actor.getSnapshot().value).toBe('streaming');
    expect(streams[1]?.input).toEqual({ ticket: 't2', lastEventId: '12' });
  });

  it('backs off longer after each failed attempt and quietly keeps trying', async () => {
    let failing = true;
    const { actor, clock, tickets } = harness({ ticketFails: () => failing });
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.attempt).toBe(1);
    clock.increment(backoffMs(1));
    await flush();
    expect(actor.getSnapshot().context.attempt).toBe(2);
    clock.increment(backoffMs(2) - 1);
    await flush();
    expect(tickets()).toBe(2);
    failing = false;
    clock.increment(1);
    await flush();
    expect(tickets()).toBe(3);
    expect(actor.getSnapshot().value).toBe('streaming');
    expect([1, 2, 3, 6, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });

  it('stops when the token expires or the session ends, reconnects soon after a server shutdown', async () => {
    const { actor, streams } = harness();
    await flush();
    streams[0]?.send({ type: 'stream.ended', reason: 'shutdown' });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'events.stop' });
    expect(actor.getSnapshot().value).toBe('stopped');
    actor.send({ type: 'events.start' });
    await flush();
    expect(actor.getSnapshot().value).toBe('streaming');
    streams[1]?.send({ type: 'stream.ended', reason: 'session_ended' });
    expect(actor.getSnapshot().value).toBe('stopped');
  });
});

describe('presence machine', () => {
  it('beats at once and every heartbeatSeconds, hands on the viewers, and leaves on presence.leave', async () => {
    const { presenceMachine } = await import('#machines/events/presence.machine.ts');
    const calls: string[] = [];
    const seen: string[][] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      presenceMachine.provide({
        actors: {
          heartbeat: fromPromise(async ({ input }: { input: { orderId: number } }) => {
            calls.push(`beat ${input.orderId}`);
            if (calls.length === 2) throw new Error('offline');
            return { viewers: [{ userId: 3, name: 'Natalia Lungu' }], heartbeatSeconds: 10 };
          }),
          leave: fromPromise(async ({ input }: { input: { orderId: number } }) => {
            calls.push(`leave ${input.orderId}`);
          }),
        },
        actions: { viewersChanged: (_, { viewers }) => void seen.push(viewers.map((viewer) => viewer.name)) },
      }),
      { input: { orderId: 9 }, clock },
    );
    actor.start();
    await flush();
    expect(seen).toEqual([['Natalia Lungu']]);
    clock.increment(10_000);
    await flush();
    expect(calls).toEqual(['beat 9', 'beat 9']);
    expect(actor.getSnapshot().value).toBe('resting');
    clock.increment(10_000);
    await flush();
    expect(calls).toHaveLength(3);
    actor.send({ type: 'presence.leave' });
    await flush();
    expect(calls.at(-1)).toBe('leave 9');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
