/**
 * Sessions that end and streams that are capped (docs/adr/0122-sessions-that-end.md, 0121-limits-that-hold.md):
 * `POST /users/logout` ends the token on every process and closes its streams; "sign out on all devices" ends
 * every token of the user; a user's streams past `MAX_STREAMS_PER_USER` close the oldest first. Two apps on one
 * database stand for two processes; `tests/multi` repeats the logout over three real ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseConnection } from '../../../scripts/lib/sse-client.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

const CAP = 3;
let a: TestApp;
let b: TestApp;
const bases = new Map<TestApp, string>();

beforeAll(async () => {
  a = await startTestApp({ config: { maxStreamsPerUser: CAP } });
  b = await startTestApp({ config: { maxStreamsPerUser: CAP }, database: a.database });
  for (const t of [a, b]) bases.set(t, `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v3`);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function stream(t: TestApp, token: string): Promise<SseConnection> {
  const ticket = await t.post<{ ticket: string }>('/events/ticket', { token });
  expect(ticket.status).toBe(200);
  const connection = await openSse(`${bases.get(t) ?? ''}/events?ticket=${ticket.body.ticket}`);
  expect(connection.status).toBe(200);
  await connection.waitFor((frame) => frame.event === 'ready');
  return connection;
}

const endOf = async (connection: SseConnection): Promise<unknown> =>
  JSON.parse((await connection.waitFor((frame) => frame.event === 'end')).data) as unknown;

describe('POST /users/logout', () => {
  it('makes the old token 401 on every process and closes the streams it opened, and only those', async () => {
    const signedOut = await a.login('partner@demo.test');
    const other = await a.login('partner@demo.test');
    const mine = await stream(a, signedOut);
    const theirs = await stream(a, other);
    expect((await b.get('/users/me', { token: signedOut })).status).toBe(200);

    const answer = await b.post('/users/logout', { token: signedOut });
    expect(answer.status).toBe(204);
    for (const t of [a, b]) {
      const me = await t.get<{ code: string }>('/users/me', { token: signedOut });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('UNAUTHORIZED');
    }
    expect(await endOf(mine)).toEqual({ reason: 'session_ended' });
    expect((await a.post('/users/logout', { token: signedOut })).status).toBe(401);
    expect((await a.post('/events/ticket', { token: signedOut })).status).toBe(401);
    // The user's other session goes on, its stream too.
    expect((await b.get('/users/me', { token: other })).status).toBe(200);
    expect(theirs.frames.some((frame) => frame.event === 'end')).toBe(false);
    theirs.close();
  });

  it('"sign out on all devices" ends every token of the user and every stream', async () => {
    const phone = await a.login('user@demo.test');
    const laptop = await b.login('user@demo.test');
    const live = await stream(a, laptop);
    expect((await a.post('/users/logout/everywhere', { token: phone })).status).toBe(204);
    for (const token of [phone, laptop])
      for (const t of [a, b]) expect((await t.get('/users/me', { token })).status).toBe(401);
    expect(await endOf(live)).toEqual({ reason: 'session_ended' });
    const again = await a.login('user@demo.test');
    expect((await b.get('/users/me', { token: again })).status).toBe(200);
  });
});

describe('the cap on open streams', () => {
  it(`closes the oldest when a user opens stream ${CAP + 1}, whichever process holds it`, async () => {
    const token = await a.login('warehouse@demo.test');
    const opened: SseConnection[] = [];
    for (let i = 0; i < CAP; i++) opened.push(await stream(i % 2 === 0 ? a : b, token));
    const rows = await a.db.selectFrom('event_streams').select('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(CAP);
    const newest = await stream(b, token);
    expect(await endOf(opened[0] as SseConnection)).toEqual({ reason: 'too_many_streams' });
    await (opened[0] as SseConnection).closed;
    // The others stay open.
    for (const connection of [...opened.slice(1), newest])
      expect(connection.frames.some((frame) => frame.event === 'end')).toBe(false);
    for (const connection of [...opened.slice(1), newest]) connection.close();
  });
});
