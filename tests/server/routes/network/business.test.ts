import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { downlineIds, monthStart, startNetworkApp, userIdOf, type S } from './support.ts';

let t: TestApp;
let partner: string;
let partnerId: number;

beforeAll(async () => {
  t = await startNetworkApp();
  partner = await t.login('partner@demo.test');
  partnerId = await userIdOf(t, 'partner@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** A small CSV reader (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe('GET /users/my-network-file', () => {
  it('downloads every downline member as UTF-8 CSV with a BOM, Cyrillic intact', async () => {
    const response = await t.get('/users/my-network-file', { token: partner });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^text\/csv; charset=utf-8/);
    const today = new Date().toISOString().slice(0, 10);
    expect(String(response.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename="my-network-${today}\\.csv"`),
    );
    expect(response.text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(response.text.slice(1));
    expect(rows[0]).toEqual(
      'id,fullName,email,phone,signingDate,rank,prn,pv,gv,cgv,pgv,qualifications,recruits,childrenCount,level,sponsorId'.split(
        ',',
      ),
    );
    const body = rows.slice(1);
    const ids = await downlineIds(t, partnerId);
    expect(body).toHaveLength(ids.length);
    expect(new Set(body.map((r) => Number(r[0])))).toEqual(new Set(ids));
    expect(body.every((r) => r.length === 16)).toBe(true);
    // Ordered by level, then signing date.
    const keys = body.map((r) => `${String(r[14]).padStart(3, '0')} ${r[4]}`);
    expect(keys).toEqual([...keys].sort());

    const cyrillic = await t.db
      .selectFrom('users')
      .where('path', 'like', `${partnerId}.%`)
      .where('full_name', 'like', 'Наталья%')
      .select(['id', 'full_name'])
      .execute();
    expect(cyrillic.length).toBeGreaterThan(0);
    for (const person of cyrillic) {
      expect(body.find((r) => Number(r[0]) === person.id)?.[1]).toBe(person.full_name);
    }
  });

  it('writes the same figures as the network records (the first line, field by field)', async () => {
    const text = (await t.get('/users/my-network-file', { token: partner })).text;
    const rows = parseCsv(text.slice(1)).slice(1);
    const view = await t.get<S['NetworkView']>('/users/my-network', {
      token: partner,
      query: { pageSize: 100 },
    });
    expect(view.body.children.items.length).toBeGreaterThan(0);
    for (const n of view.body.children.items) {
      expect(rows.find((row) => Number(row[0]) === n.id)).toEqual([
        String(n.id),
        n.fullName,
        n.email,
        n.phone ?? '',
        n.signingDate,
        n.rank,
        n.prn,
        String(n.volumes.pv),
        String(n.volumes.gv),
        String(n.volumes.cgv),
        String(n.volumes.pgv),
        n.qualifications.join(','),
        String(n.recruits),
        String(n.childrenCount),
        String(n.level),
        String(n.sponsorId),
      ]);
    }
  });
});

describe('GET /goods/ratings', () => {
  async function expectedPlaces(month: string) {
    const ids = [partnerId, ...(await downlineIds(t, partnerId))];
    const rows = await t.db
      .selectFrom('users as u')
      .leftJoin('monthly_volumes as mv', (join) =>
        join.onRef('mv.user_id', '=', 'u.id').on('mv.month', '=', month),
      )
      .where('u.id', 'in', ids)
      .select(['u.id', 'u.signing_date', 'mv.pv'])
      .execute();
    const sorted = rows
      .map((r) => ({ id: r.id, pv: r.pv ?? 0, signing: r.signing_date ?? '' }))
      .sort((a, b) => b.pv - a.pv || a.signing.localeCompare(b.signing) || a.id - b.id);
    return sorted;
  }

  it("ranks the caller and the downline by PV of the current month, with the caller's place", async () => {
    const { status, body } = await t.get<S['Ratings']>('/goods/ratings', { token: partner });
    expect(status).toBe(200);
    const expected = await expectedPlaces(monthStart());
    expect(body.metric).toBe('pv');
    expect(body.period.start).toBe(monthStart());
    expect(body.items.map((e) => [e.place, e.id, e.pv])).toEqual(
      expected.slice(0, 10).map((e, i) => [i + 1, e.id, e.pv]),
    );
    const place = expected.findIndex((e) => e.id === partnerId) + 1;
    expect(body.me).toMatchObject({ id: partnerId, place, isMe: true });
    expect(body.items.filter((e) => e.isMe).every((e) => e.id === partnerId)).toBe(true);
  });

  it('takes a limit and a past month (its period has no days left)', async () => {
    const month = monthStart(-3);
    const { body } = await t.get<S['Ratings']>('/goods/ratings', {
      token: partner,
      query: { limit: 3, month: month.slice(0, 7) },
    });
    const expected = await expectedPlaces(month);
    expect(body.items.map((e) => e.id)).toEqual(expected.slice(0, 3).map((e) => e.id));
    expect(body.period).toMatchObject({ start: month, daysLeft: 0 });
    expect(body.me.place).toBe(expected.findIndex((e) => e.id === partnerId) + 1);
  });

  it('refuses a month in the future or more than 12 months back (422) and a malformed one (400)', async () => {
    for (const offset of [1, -13]) {
      const response = await t.get<{ code: string }>('/goods/ratings', {
        token: partner,
        query: { month: monthStart(offset).slice(0, 7) },
      });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await t.get('/goods/ratings', { token: partner, query: { month: '2025-13' } })).status).toBe(400);
    expect((await t.get('/goods/ratings', { token: partner, query: { limit: 0 } })).status).toBe(400);
  });
});

describe('GET /users/clients and /users/clients/{id}', () => {
  it("lists the caller's clients, newest first, with order counts", async () => {
    const { status, body } = await t.get<S['ClientPage']>('/users/clients', {
      token: partner,
      query: { pageSize: 100 },
    });
    expect(status).toBe(200);
    const stored = await t.db
      .selectFrom('clients')
      .where('owner_id', '=', partnerId)
      .select(['id', 'created_at'])
      .execute();
    expect(body.total).toBe(stored.length);
    expect(new Set(body.items.map((c) => c.id))).toEqual(new Set(stored.map((c) => c.id)));
    const created = body.items.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    // A client's orders: placed by the distributor for them, or by the client in the distributor's shop (ADR 0146).
    const ordered = await t.db
      .selectFrom('orders')
      .where(
        'client_id',
        'in',
        stored.map((c) => c.id),
      )
      .select(['client_id'])
      .execute();
    for (const client of body.items) {
      expect(client.orderCount).toBe(ordered.filter((o) => o.client_id === client.id).length);
      expect(client.lastOrderAt === null).toBe(client.orderCount === 0);
    }
  });

  it('searches by name, e-mail, phone or city', async () => {
    const sample = await t.db
      .selectFrom('clients')
      .where('owner_id', '=', partnerId)
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const family = sample.full_name.split(' ').at(-1) ?? sample.full_name;
    const { body } = await t.get<S['ClientPage']>('/users/clients', {
      token: partner,
      query: { q: family.toLowerCase() },
    });
    expect(body.items.map((c) => c.id)).toContain(sample.id);
    expect(
      body.items.every((c) =>
        [c.fullName, c.email, c.phone, c.city].some((v) => v?.toLowerCase().includes(family.toLowerCase())),
      ),
    ).toBe(true);
    const none = await t.get<S['ClientPage']>('/users/clients', {
      token: partner,
      query: { q: 'zzzz-nobody' },
    });
    expect(none.body).toMatchObject({ items: [], total: 0 });
  });

  it("answers a client with their orders; another account's client is 404", async () => {
    const order = await t.db
      .selectFrom('orders')
      .where('user_id', '=', partnerId)
      .where('client_id', 'is not', null)
      .select(['id', 'client_id'])
      .executeTakeFirstOrThrow();
    const { status, body } = await t.get<S['ClientDetail']>(`/users/clients/${order.client_id}`, {
      token: partner,
    });
    expect(status).toBe(200);
    expect(body.id).toBe(order.client_id);
    expect(body.orders.map((o) => o.id)).toContain(order.id);
    expect(body.orderCount).toBe(body.orders.length);
    expect(body.orders.every((o) => o.customer.id === partnerId)).toBe(true);

    const pw = await t.login('pw@demo.test');
    expect((await t.get(`/users/clients/${order.client_id}`, { token: pw })).status).toBe(404);
    expect((await t.get('/users/clients/99999999', { token: partner })).status).toBe(404);
    const own = await t.get<S['ClientPage']>('/users/clients', { token: pw });
    expect(own.body.items.some((c) => c.id === order.client_id)).toBe(false);
  });

  it('is 401 without a token and 403 for warehouse staff and users', async () => {
    expect((await t.get('/users/clients')).status).toBe(401);
    for (const email of ['warehouse@demo.test', 'user@demo.test']) {
      const token = await t.login(email);
      expect((await t.get('/users/clients', { token })).status).toBe(403);
      expect((await t.get('/users/clients/1', { token })).status).toBe(403);
    }
  });
});
