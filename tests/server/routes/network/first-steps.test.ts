/**
 * `GET /users/first-steps` (docs/adr/0148-first-steps.md): each step is read from the account's own data — a
 * distributor who just joined has done none but the sign-up, their sponsor's card is theirs to call, and a
 * seasoned distributor's steps match their orders, volumes, first line and client base.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_PV } from '#server/domain/network/ranks.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { joinForm, startSignUpApp } from '../public/support.ts';
import { monthStart, ROLE_CASES, userIdOf, type S } from './support.ts';

let t: TestApp;
let partnerId: number;

beforeAll(async () => {
  t = await startSignUpApp();
  partnerId = await userIdOf(t, 'partner@demo.test');
});
afterAll(async () => {
  await t.close();
});

const steps = (token: string) => t.get<S['FirstSteps']>('/users/first-steps', { token });

describe('GET /users/first-steps', () => {
  it('shows a new distributor their sponsor and every step still to do', async () => {
    const sponsor = await t.db
      .selectFrom('users')
      .where('id', '=', partnerId)
      .select(['full_name', 'prn', 'email', 'phone', 'city'])
      .executeTakeFirstOrThrow();
    const joined = await t.post<S['JoinResult']>('/public/join', {
      json: await joinForm(t, 'elena-ciobanu', { email: 'first.steps@example.test' }),
    });
    expect(joined.status).toBe(201);

    const answer = await steps(joined.body.access_token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      signingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      sponsor: {
        fullName: sponsor.full_name,
        prn: sponsor.prn,
        email: sponsor.email,
        phone: sponsor.phone,
        city: sponsor.city,
      },
      alias: null,
      emailConfirmed: false,
      ordered: false,
      active: false,
      recruits: 0,
      clients: 0,
    });
  });

  it("reads a seasoned distributor's steps from their orders, volumes, first line and client base", async () => {
    const token = await t.login('partner@demo.test');
    const answer = await steps(token);
    expect(answer.status).toBe(200);

    const [recruits, clients, volume, orders] = await Promise.all([
      t.db
        .selectFrom('users')
        .where('sponsor_id', '=', partnerId)
        .where('is_partner', '=', true)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.db
        .selectFrom('clients')
        .where('owner_id', '=', partnerId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      t.db
        .selectFrom('monthly_volumes')
        .where('user_id', '=', partnerId)
        .where('month', '=', monthStart())
        .select('pv')
        .executeTakeFirst(),
      t.db
        .selectFrom('orders')
        .where('user_id', '=', partnerId)
        .where('status', 'not in', ['rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    // The seed gives partner a first line, clients and orders: a check that could not fail would prove nothing.
    expect(Number(recruits.n)).toBeGreaterThan(0);
    expect(Number(clients.n)).toBeGreaterThan(0);
    expect(answer.body).toMatchObject({
      alias: 'elena-ciobanu',
      emailConfirmed: true,
      ordered: Number(orders.n) > 0,
      active: Number(volume?.pv ?? 0) >= ACTIVE_PV,
      recruits: Number(recruits.n),
      clients: Number(clients.n),
    });
    expect(answer.body.ordered).toBe(true);
  });

  it.each(ROLE_CASES)('is 403 for %s (%s)', async (email) => {
    const answer = await steps(await t.login(email));
    expect(answer.status).toBe(403);
  });

  it('is 401 without a token', async () => {
    const answer = await t.get('/users/first-steps');
    expect(answer.status).toBe(401);
  });
});
