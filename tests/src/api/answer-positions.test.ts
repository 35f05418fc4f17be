// Where the event log was when the page's answers were worked out (src/api/answer-positions.ts, ADR 0159): the lowest
// position, vouched for only when every answer is here and placed; and the app's own client noting each answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../support/auth.ts';
import {
  answersInFlight,
  answersSettled,
  notePosition,
  takeLowestPosition,
  trackAnswer,
} from '#src/api/answer-positions.ts';

const placed = (position: string | null) =>
  new Response('{}', {
    status: 200,
    headers: position === null ? {} : { 'Event-Position': position, 'content-type': 'application/json' },
  });

afterEach(() => {
  takeLowestPosition();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the lowest position the page was read at', () => {
  it('is the lowest of the answers’ positions, and counting starts anew once taken', async () => {
    await trackAnswer(Promise.resolve(placed('41')));
    await trackAnswer(Promise.resolve(placed('37')));
    await trackAnswer(Promise.resolve(placed('52')));
    expect(takeLowestPosition()).toBe(37);
    expect(takeLowestPosition(), 'nothing read since').toBeNull();
    await trackAnswer(Promise.resolve(placed('60')));
    expect(takeLowestPosition()).toBe(60);
  });

  it('counts a server-rendered page’s position with the answers', async () => {
    notePosition(12);
    await trackAnswer(Promise.resolve(placed('15')));
    expect(takeLowestPosition()).toBe(12);
  });

  it('is not vouched for while an answer is on its way', async () => {
    await trackAnswer(Promise.resolve(placed('41')));
    const late = deferred<Response>();
    const tracked = trackAnswer(late.promise);
    expect(answersInFlight()).toBe(1);
    expect(takeLowestPosition(), 'an answer on its way may have been read before 41').toBeNull();
    late.resolve(placed('30'));
    await tracked;
    expect(answersInFlight()).toBe(0);
    expect(takeLowestPosition(), 'counted anew after the take').toBe(30);
  });

  it('is not vouched for after an answer without a position, or with a bad one', async () => {
    await trackAnswer(Promise.resolve(placed('41')));
    await trackAnswer(Promise.resolve(placed(null)));
    expect(takeLowestPosition()).toBeNull();
    await trackAnswer(Promise.resolve(placed('4e3')));
    expect(takeLowestPosition()).toBeNull();
    notePosition(null);
    expect(takeLowestPosition(), 'a server-rendered page whose server had not read the log').toBeNull();
  });

  it('leaves a request that failed without an answer out, and passes its failure on', async () => {
    await trackAnswer(Promise.resolve(placed('41')));
    const failure = new TypeError('network down');
    await expect(trackAnswer(Promise.reject(failure))).rejects.toBe(failure);
    expect(answersInFlight()).toBe(0);
    expect(takeLowestPosition()).toBe(41);
  });

  it('tells when the answers on their way are here, or gives up waiting', async () => {
    await expect(answersSettled(1000)).resolves.toBeUndefined();
    const late = deferred<Response>();
    const tracked = trackAnswer(late.promise);
    let settled = false;
    const waiting = answersSettled(10_000).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    late.resolve(placed('9'));
    await tracked;
    await waiting;
    expect(settled).toBe(true);
    vi.useFakeTimers();
    const slow = deferred<Response>();
    const stillOnItsWay = trackAnswer(slow.promise);
    try {
      const givenUp = answersSettled(3000);
      vi.advanceTimersByTime(3000);
      await expect(givenUp).resolves.toBeUndefined();
      expect(answersInFlight()).toBe(1);
    } finally {
      vi.useRealTimers();
      slow.resolve(placed('9'));
      await stillOnItsWay;
    }
  });
});

describe('the app’s client', () => {
  it('notes the position of each answer it gets', async () => {
    const positions = ['20', '18'];
    vi.stubGlobal('fetch', async () => placed(positions.shift() ?? null));
    const { api } = await import('#src/api/client.ts');
    const tracker = await import('#src/api/answer-positions.ts');
    await api.GET('/users/me');
    await api.GET('/users/my-info');
    expect(tracker.takeLowestPosition()).toBe(18);
  });

  it('notes nothing when it answers in process for the server’s renderer', async () => {
    vi.stubGlobal('fetch', async () => placed('20'));
    const { api, setApiTransport } = await import('#src/api/client.ts');
    const tracker = await import('#src/api/answer-positions.ts');
    setApiTransport(async () => placed('5'));
    await api.GET('/users/me');
    expect(tracker.answersInFlight()).toBe(0);
    expect(tracker.takeLowestPosition()).toBeNull();
  });
});
