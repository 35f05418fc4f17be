import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '#server/domain/account/addresses.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError, expiredTokenOf, startAccountApp, userIdOf, type Schemas } from './support.ts';

type Address = Schemas['Address'];

let t: TestApp;
beforeAll(async () => {
  t = await startAccountApp();
});
afterAll(async () => {
  await t.close();
});

/** A request body (`isDefault` may be omitted on the wire; the generated type marks it required for its default). */
type AddressBody = Omit<Schemas['AddressInput'], 'isDefault'> & { isDefault?: boolean };

const input = (overrides: Partial<AddressBody> = {}): AddressBody => ({
  postIndex: 'MD-2001',
  city: 'Chișinău',
  street: 'str. Pușkin',
  house: '22',
  apartment: '5',
  ...overrides,
});

async function defaultsOf(userId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

/** A user with no addresses yet: the seeded distributor deepest in partner's downline. */
async function freshAccount(): Promise<{ token: string; userId: number }> {
  const row = await t.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('is_partner', '=', true)
    .where('id', 'not in', t.db.selectFrom('addresses').select('user_id'))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { token: await t.login(row.email), userId: row.id };
}

describe('GET /users/addresses and /users/address/{id}', () => {
  it('lists the caller’s addresses, the default first', async () => {
    const token = await t.login('partner@demo.test');
    const userId = await userIdOf(t, 'partner@demo.test');
    const response = await t.get<Address[]>('/users/addresses', { token });
    expect(response.status).toBe(200);
    const stored = await t.db
      .selectFrom('addresses')
      .select(['id', 'is_default'])
      .where('user_id', '=', userId)
      .execute();
    expect(response.body.map((a) => a.id).sort()).toEqual(stored.map((a) => a.id).sort());
    expect(response.body[0]?.isDefault).toBe(true);
    expect(response.body.filter((a) => a.isDefault)).toHaveLength(1);

    const one = await t.get<Address>(`/users/address/${response.body[1]?.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(response.body[1]);
  });

  it('is 404 for another user’s address or a missing one, 400 for a bad id, 401 without a token', async () => {
    const partnerToken = await t.login('partner@demo.test');
    const [partnerAddress] = (await t.get<Address[]>('/users/addresses', { token: partnerToken })).body;
    const userToken = await t.login('user@demo.test');
    expectError(await t.get(`/users/address/${partnerAddress?.id}`, { token: userToken }), 404, 'NOT_FOUND');
    expectError(await t.get('/users/address/999999', { token: userToken }), 404, 'NOT_FOUND');
    expectError(await t.get('/users/address/abc', { token: userToken }), 400, 'VALIDATION_FAILED');
    expectError(await t.get('/users/addresses'), 401, 'UNAUTHORIZED');
    expectError(
      await t.get('/users/addresses', { token: await expiredTokenOf(t, 'user@demo.test') }),
      401,
      'TOKEN_EXPIRED',
    );
  });
});

describe('POST /users/address/new', () => {
  it('makes the first address the default whatever isDefault says, and moves the default on request', async () => {
    const { token, userId } = await freshAccount();
    const first = await t.post<Address>('/users/address/new', {
      token,
      json: input({ isDefault: false, apartment: null }),
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...input({ apartment: null }), isDefault: true });

    const second = await t.post<Address>('/users/address/new', {
      token,
      json: input({ street: 'bd. Dacia', apartment: undefined }),
    });
    expect(second.body.isDefault).toBe(false);
    expect(second.body.apartment).toBeNull();
    expect(await defaultsOf(userId)).toEqual([first.body.id]);

    const third = await t.post<Address>('/users/address/new', {
      token,
      json: input({ street: 'str. Kiev', isDefault: true }),
    });
    expect(third.body.isDefault).toBe(true);
    expect(await defaultsOf(userId)).toEqual([third.body.id]);
    const list = await t.get<Address[]>('/users/addresses', { token });
    expect(list.body.map((a) => a.id)).toEqual([third.body.id, second.body.id, first.body.id]);
  });

  it('keeps exactly one default when several first addresses arrive at once', async () => {
    const { token, userId } = await freshAccount();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.post<Address>('/users/address/new', {
          token,
          json: input({ street: `str. ${i}`, isDefault: i % 2 === 0 }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await defaultsOf(userId)).toHaveLength(1);
  });

  it('trims values, normalises the post index and refuses blank ones (422) or contract breaches (400)', async () => {
    const { token } = await freshAccount();
    const created = await t.post<Address>('/users/address/new', {
      token,
      json: input({ postIndex: 'md-2004', city: '  Bălți ', street: ' str. Independenței ', house: ' 7A ' }),
    });
    expect(created.body).toMatchObject({
      postIndex: 'MD-2004',
      city: 'Bălți',
      street: 'str. Independenței',
      house: '7A',
    });
    const blank = expectError(
      await t.post('/users/address/new', { token, json: input({ city: '   ', house: ' ' }) }),
      422,
      'VALIDATION_FAILED',
    );
    expect(blank.details?.map((d) => d.path)).toEqual(['/city', '/house']);
    expectError(
      await t.post('/users/address/new', { token, json: input({ apartment: '  ' }) }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/address/new', { token, json: input({ postIndex: '#1' }) }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/address/new', { token, json: input({ house: 'x'.repeat(21) }) }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/address/new', { token, json: { ...input(), extra: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.post('/users/address/new', { token, json: { city: 'Chișinău' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it(`refuses more than ${MAX_ADDRESSES} addresses with 422`, async () => {
    const { token, userId } = await freshAccount();
    await t.db
      .insertInto('addresses')
      .values(
        Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
          user_id: userId,
          post_index: 'MD-2001',
          city: 'Chișinău',
          street: `str. ${i}`,
          house: '1',
          apartment: null,
          is_default: i === 0,
        })),
      )
      .execute();
    expectError(await t.post('/users/address/new', { token, json: input() }), 422, 'VALIDATION_FAILED');
    expect((await t.get<Address[]>('/users/addresses', { token })).body).toHaveLength(MAX_ADDRESSES);
  });
});

describe('POST /users/address (update)', () => {
  it('replaces the fields and moves the default, but never un-defaults the default', async () => {
    const { token, userId } = await freshAccount();
    const a = (await t.post<Address>('/users/address/new', { token, json: input() })).body;
    const b = (await t.post<Address>('/users/address/new', { token, json: input({ street: 'bd. Dacia' }) }))
      .body;

    const updated = await t.post<Address>('/users/address', {
      token,
      json: {
        id: b.id,
        postIndex: 'MD-2068',
        city: 'Chișinău',
        street: 'bd. Moscova',
        house: '15/2',
        apartment: null,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      id: b.id,
      postIndex: 'MD-2068',
      city: 'Chișinău',
      street: 'bd. Moscova',
      house: '15/2',
      apartment: null,
      isDefault: false,
    });

    const kept = await t.post<Address>('/users/address', {
      token,
      json: { ...input(), id: a.id, isDefault: false },
    });
    expect(kept.body.isDefault).toBe(true);
    expect(await defaultsOf(userId)).toEqual([a.id]);

    const moved = await t.post<Address>('/users/address', {
      token,
      json: { ...input({ street: 'bd. Moscova' }), id: b.id, isDefault: true },
    });
    expect(moved.body.isDefault).toBe(true);
    expect(await defaultsOf(userId)).toEqual([b.id]);
    expect((await t.get<Address>(`/users/address/${a.id}`, { token })).body.isDefault).toBe(false);
  });

  it('is 404 for another user’s address and changes nothing', async () => {
    const partnerToken = await t.login('partner@demo.test');
    const [target] = (await t.get<Address[]>('/users/addresses', { token: partnerToken })).body;
    const userToken = await t.login('user@demo.test');
    expectError(
      await t.post('/users/address', { token: userToken, json: { ...input(), id: target?.id } }),
      404,
      'NOT_FOUND',
    );
    expect((await t.get<Address>(`/users/address/${target?.id}`, { token: partnerToken })).body).toEqual(
      target,
    );
    expectError(
      await t.post('/users/address', { token: userToken, json: input() }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('DELETE /users/address/{addressId}', () => {
  it('deletes, and passes the default to the newest remaining address', async () => {
    const { token, userId } = await freshAccount();
    const a = (await t.post<Address>('/users/address/new', { token, json: input({ street: 'A' }) })).body;
    const b = (await t.post<Address>('/users/address/new', { token, json: input({ street: 'B' }) })).body;
    const c = (await t.post<Address>('/users/address/new', { token, json: input({ street: 'C' }) })).body;
    expect(await defaultsOf(userId)).toEqual([a.id]);

    const removed = await t.delete(`/users/address/${b.id}`, { token });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(await defaultsOf(userId)).toEqual([a.id]);
    expectError(await t.get(`/users/address/${b.id}`, { token }), 404, 'NOT_FOUND');

    expect((await t.delete(`/users/address/${a.id}`, { token })).status).toBe(204);
    expect(await defaultsOf(userId)).toEqual([c.id]);
    expect((await t.delete(`/users/address/${c.id}`, { token })).status).toBe(204);
    expect((await t.get<Address[]>('/users/addresses', { token })).body).toEqual([]);
    const next = await t.post<Address>('/users/address/new', { token, json: input() });
    expect(next.body.isDefault).toBe(true);
  });

  it('is 404 for another user’s address (which stays) and for a deleted one', async () => {
    const partnerToken = await t.login('partner@demo.test');
    const [target] = (await t.get<Address[]>('/users/addresses', { token: partnerToken })).body;
    expectError(
      await t.delete(`/users/address/${target?.id}`, { token: await t.login('user@demo.test') }),
      404,
      'NOT_FOUND',
    );
    expect((await t.get(`/users/address/${target?.id}`, { token: partnerToken })).status).toBe(200);
    expectError(await t.delete('/users/address/0', { token: partnerToken }), 400, 'VALIDATION_FAILED');
    expectError(await t.delete(`/users/address/${target?.id}`), 401, 'UNAUTHORIZED');
  });
});
