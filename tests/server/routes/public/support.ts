/** Shared helpers of the sign-up tests: a cheap proof of work, solved as the widget solves it, and a valid form. */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { components } from '#openapi/schema.d.ts';
import { zoneDay } from '#server/domain/network/period.ts';
import { CONSENT_EDITIONS } from '#server/documents/index.ts';
import { startTestApp, type StartTestAppOptions, type TestApp } from '#tests/support/server/app.ts';

export type JoinRequest = components['schemas']['JoinRequest'];

/** One PBKDF2 round per try and a counter below 16: a challenge is solved in milliseconds. */
export const CHEAP_POW = { cost: 1, maxCounter: 16, ttlSeconds: 600 } as const;

/** The whole app (every handler) with a cheap proof of work. */
export function startSignUpApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  return startTestApp({ ...options, config: { pow: { ...CHEAP_POW }, ...options.config } });
}

/** `base64(JSON{ challenge, solution })` of `challenge`, as the ALTCHA widget sends it. */
export async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fresh challenge from `GET /public/challenge`, solved. */
export async function proofOfWork(t: TestApp): Promise<string> {
  const response = await t.get<Challenge>('/public/challenge');
  if (response.status !== 200) throw new Error(`challenge: ${response.status} ${response.text}`);
  return solved(response.body);
}

/** A birth date `years` years before today on the company's calendar (plus `days` days later). */
export function bornYearsAgo(t: TestApp, years: number, days = 0): string {
  const today = zoneDay(new Date(), t.config.periodTimeZone);
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

let counter = 0;

/** A complete, valid sign-up under `sponsor` with a new proof of work; `overrides` change fields. */
export async function joinForm(
  t: TestApp,
  sponsor: string,
  overrides: Partial<JoinRequest> = {},
): Promise<JoinRequest> {
  counter += 1;
  const warehouse = await t.db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
  return {
    sponsor,
    fullName: 'Elena Rusu',
    email: `elena.rusu.${process.pid}.${counter}@example.test`,
    phone: `+373 79 ${String(100 + counter).padStart(3, '0')} ${String(process.pid % 1000).padStart(3, '0')}`,
    city: 'Bălți',
    warehouseId: warehouse.id,
    password: 'a quiet walk by the Prut',
    birthDate: bornYearsAgo(t, 30),
    consents: { ...CONSENT_EDITIONS },
    altcha: await proofOfWork(t),
    ...overrides,
  };
}

/** Everything a sign-up writes, counted: users, consents, one-time links, messages. */
export async function writtenCounts(t: TestApp) {
  const count = async (table: 'users' | 'user_consents' | 'outbox' | 'messages') => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const networkEvents = await t.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'network')
    .executeTakeFirstOrThrow();
  return {
    users: await count('users'),
    consents: await count('user_consents'),
    outbox: await count('outbox'),
    messages: await count('messages'),
    networkEvents: Number(networkEvents.n),
  };
}
