/**
 * A distributor's alias: the rules (shape, reserved words, confusables), chosen once, unique by what it reads as,
 * in `GET /users/me`, and the public card found by alias or PRN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasProblem, aliasSkeleton } from '#machines/sign-up/sign-up.rules.ts';
import { DEMO_ACCOUNTS } from '#server/seed/accounts.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError, type Schemas } from '../account/support.ts';
import { startSignUpApp } from './support.ts';

type Me = Schemas['Me'];

let t: TestApp;
beforeAll(async () => {
  t = await startSignUpApp();
});
afterAll(async () => {
  await t.close();
});

/** A distributor of the demo's network without an alias yet (only the demo accounts with one in DEMO_ACCOUNTS have one). */
async function distributorToken(offset: number): Promise<{ token: string; id: number; prn: string }> {
  const row = await t.db
    .selectFrom('users')
    .select(['id', 'email', 'prn'])
    .where('is_partner', '=', true)
    .where('is_warehouse', '=', false)
    .where('alias', 'is', null)
    .where('disabled_at', 'is', null)
    .where('email', 'like', '%@demo.test')
    .orderBy('id')
    .offset(offset)
    .executeTakeFirstOrThrow();
  return { token: await t.login(row.email), id: row.id, prn: row.prn ?? '' };
}

const putAlias = (token: string, alias: string) =>
  t.request<Me>('PUT', '/users/me/alias', { token, json: { alias } });

describe('PUT /users/me/alias', () => {
  it('takes a valid alias, lower-cased, and GET /users/me shows it', async () => {
    const { token } = await distributorToken(0);
    const set = await putAlias(token, '  Ana-Popescu7 ');
    expect(set.status).toBe(200);
    expect(set.body.alias).toBe('ana-popescu7');
    const me = await t.get<Me>('/users/me', { token });
    expect(me.body.alias).toBe('ana-popescu7');
  });

  it.each([
    ['ab', 'alias.tooShort'],
    ['a'.repeat(31), 'alias.tooLong'],
    ['\u0430lice', 'alias.characters'], // a Cyrillic "а"
    ['ａlice', 'alias.characters'], // a full-width "ａ"
    ['alice_b', 'alias.characters'],
    ['al--ice', 'alias.hyphens'],
    ['-alice', 'alias.hyphens'],
    ['alice-', 'alias.hyphens'],
  ])('refuses %j with 422 ALIAS_INVALID (%s)', async (alias, reason) => {
    const { token, id } = await distributorToken(1);
    const body = expectError(await putAlias(token, alias), 422, 'ALIAS_INVALID');
    expect(body.details).toEqual([expect.objectContaining({ path: '/alias', reason })]);
    const row = await t.db.selectFrom('users').select('alias').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.alias).toBeNull();
  });

  it.each([
    ['admin', 'alias.reserved'],
    ['Support', 'alias.reserved'],
    ['supp0rt', 'alias.reserved'], // reads as "support"
    ['ware-house', 'alias.reserved'], // hyphens do not make it another word
    ['login', 'alias.reserved'],
    ['md1000005', 'alias.prn'], // someone's PRN
    ['mdl000005', 'alias.prn'], // drawn like one
    ['123456', 'alias.prn'],
  ])('refuses %j with 422 ALIAS_RESERVED (%s)', async (alias, reason) => {
    const { token } = await distributorToken(1);
    const body = expectError(await putAlias(token, alias), 422, 'ALIAS_RESERVED');
    expect(body.details).toEqual([expect.objectContaining({ path: '/alias', reason })]);
  });

  it('refuses an alias that is, or reads as, another distributor’s with 409 ALIAS_TAKEN', async () => {
    const first = await distributorToken(2);
    expect((await putAlias(first.token, 'alice-m')).status).toBe(200);
    const second = await distributorToken(3);
    for (const lookalike of ['alice-m', 'ALICE-M', 'a1ice-m', 'alicem', 'a1-ice-rn'.replace('-rn', 'm')]) {
      expect(aliasSkeleton(lookalike)).toBe(aliasSkeleton('alice-m'));
      expectError(await putAlias(second.token, lookalike), 409, 'ALIAS_TAKEN');
    }
    const row = await t.db
      .selectFrom('users')
      .select('alias')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.alias).toBeNull();
  });

  it('is chosen once: a second choice, even the same alias, is 409 ALIAS_ALREADY_SET', async () => {
    const { token } = await distributorToken(4);
    expect((await putAlias(token, 'once-only')).status).toBe(200);
    expectError(await putAlias(token, 'twice-now'), 409, 'ALIAS_ALREADY_SET');
    expectError(await putAlias(token, 'once-only'), 409, 'ALIAS_ALREADY_SET');
    expect((await t.get<Me>('/users/me', { token })).body.alias).toBe('once-only');
  });

  it('gives one of two concurrent choices of one alias to each distributor at most', async () => {
    const [a, b] = [await distributorToken(5), await distributorToken(6)];
    const answers = await Promise.all([putAlias(a.token, 'same-time'), putAlias(b.token, 'same-time')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = await t.db.selectFrom('users').select('id').where('alias', '=', 'same-time').execute();
    expect(holders).toHaveLength(1);
  });

  it('is a distributor’s: a client account (USER) is 403', async () => {
    const token = await t.login('user@demo.test');
    expectError(await putAlias(token, 'client-alias'), 403, 'FORBIDDEN');
  });
});

describe('GET /public/sponsors/{alias}', () => {
  it('answers the public card by alias (any case) and by PRN, with nothing private', async () => {
    const sponsor = await distributorToken(7);
    expect((await putAlias(sponsor.token, 'card-owner')).status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['full_name', 'city', 'email', 'phone'])
      .where('id', '=', sponsor.id)
      .executeTakeFirstOrThrow();
    for (const ref of ['card-owner', 'Card-Owner', sponsor.prn, sponsor.prn.toLowerCase()]) {
      const card = await t.get<Schemas['SponsorCard']>(`/public/sponsors/${encodeURIComponent(ref)}`);
      expect(card.status).toBe(200);
      expect(card.body).toMatchObject({
        alias: 'card-owner',
        prn: sponsor.prn,
        fullName: row.full_name,
        city: row.city,
      });
      expect(card.text).not.toContain(row.email);
      if (row.phone !== null) expect(card.text).not.toContain(row.phone);
      expect(card.body.warehouses.length).toBeGreaterThan(0);
      expect(card.body.documents.map((d) => d.id).sort()).toEqual(['ethics_code', 'marketing_plan']);
    }
  });

  it('answers the card of each demo account with an alias (the invitation links `npm start` prints)', async () => {
    const withAlias = DEMO_ACCOUNTS.filter((account) => account.alias !== undefined);
    expect(withAlias.length).toBeGreaterThan(0);
    for (const account of withAlias) {
      expect(aliasProblem(account.alias ?? ''), account.email).toBeNull();
      const card = await t.get<Schemas['SponsorCard']>(`/public/sponsors/${account.alias ?? ''}`);
      expect(card.status, account.email).toBe(200);
      expect(card.body).toMatchObject({ alias: account.alias, fullName: account.fullName });
    }
  });

  it('is 404 for an unknown alias, a client account and a disabled distributor', async () => {
    expectError(await t.get('/public/sponsors/nobody-here'), 404, 'NOT_FOUND');
    const disabled = await distributorToken(8);
    await t.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', disabled.id).execute();
    expectError(await t.get(`/public/sponsors/${disabled.prn}`), 404, 'NOT_FOUND');
    const client = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'user@demo.test')
      .executeTakeFirstOrThrow();
    expectError(await t.get(`/public/sponsors/MD${1_000_000 + client.id}`), 404, 'NOT_FOUND');
  });
});
