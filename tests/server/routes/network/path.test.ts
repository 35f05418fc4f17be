import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { ROLE_CASES, startNetworkApp, userIdOf, type ApiError, type S } from './support.ts';

type NetworkPath = S['NetworkPath'];

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

/** The deepest member below `userId` and the depth of `userId`. */
async function deepest(userId: number) {
  const me = await t.db
    .selectFrom('users')
    .where('id', '=', userId)
    .select(['path', 'depth'])
    .executeTakeFirstOrThrow();
  const member = await t.db
    .selectFrom('users')
    .where('path', 'like', `${me.path}%`)
    .where('is_partner', '=', true)
    .orderBy('depth', 'desc')
    .orderBy('id')
    .select(['id', 'depth', 'sponsor_id'])
    .executeTakeFirstOrThrow();
  return { member, depth: me.depth };
}

describe('GET /users/my-network/{id}/path', () => {
  it('answers the line of sponsors from the caller down to a deep member, one node per level', async () => {
    const { member, depth } = await deepest(partnerId);
    expect(member.depth - depth).toBeGreaterThanOrEqual(3);
    const { status, body, headers } = await t.get<NetworkPath>(`/users/my-network/${member.id}/path`, {
      token: partner,
    });
    expect(status).toBe(200);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const { items } = body;
    expect(items).toHaveLength(member.depth - depth + 1);
    expect(items[0]).toMatchObject({ id: partnerId, level: 0 });
    expect(items.at(-1)).toMatchObject({ id: member.id, sponsorId: member.sponsor_id });
    items.forEach((node, index) => {
      expect(node.level).toBe(index);
      if (index > 0) expect(node.sponsorId).toBe(items[index - 1]?.id);
    });
  });

  it('starts at the caller, not at the top of the company, for a caller deeper down', async () => {
    const { member } = await deepest(partnerId);
    const line = await t.get<NetworkPath>(`/users/my-network/${member.id}/path`, { token: partner });
    const middle = line.body.items[1];
    if (middle === undefined) throw new Error('the line has no second node');
    const email = await t.db
      .selectFrom('users')
      .where('id', '=', middle.id)
      .select('email')
      .executeTakeFirstOrThrow();
    const token = await t.login(email.email);
    const { status, body } = await t.get<NetworkPath>(`/users/my-network/${member.id}/path`, { token });
    expect(status).toBe(200);
    expect(body.items.map((node) => node.id)).toEqual(line.body.items.slice(1).map((node) => node.id));
    expect(body.items[0]?.level).toBe(0);
    // The caller's own sponsor is above them: 404, like any node outside the downline.
    const up = await t.get<ApiError>(`/users/my-network/${partnerId}/path`, { token });
    expect(up.status).toBe(404);
    expect(up.body.code).toBe('NOT_FOUND');
  });

  it('answers the caller alone for their own id', async () => {
    const { status, body } = await t.get<NetworkPath>(`/users/my-network/${partnerId}/path`, {
      token: partner,
    });
    expect(status).toBe(200);
    expect(body.items.map((node) => node.id)).toEqual([partnerId]);
  });

  it('refuses a member outside the downline or missing (404), a bad id (400), no token (401), staff (403)', async () => {
    const outsider = await t.db
      .selectFrom('users')
      .where('is_partner', '=', true)
      .where('sponsor_id', 'is', null)
      .where('id', '<>', partnerId)
      .select('id')
      .executeTakeFirst();
    if (outsider !== undefined) {
      const answer = await t.get<ApiError>(`/users/my-network/${outsider.id}/path`, { token: partner });
      expect(answer.status).toBe(404);
    }
    const missing = await t.get<ApiError>('/users/my-network/999999999/path', { token: partner });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.get('/users/my-network/abc/path', { token: partner })).status).toBe(400);
    expect((await t.get(`/users/my-network/${partnerId}/path`)).status).toBe(401);
    for (const [email] of ROLE_CASES) {
      const token = await t.login(email);
      expect((await t.get(`/users/my-network/${partnerId}/path`, { token })).status).toBe(403);
    }
  });
});
