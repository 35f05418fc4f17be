/** Shared helpers of the account route tests: the app with only the account handlers, and token makers. */
import { expect } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { signAccessToken } from '#server/auth/token.ts';
import { accountHandlers } from '#server/routes/account/index.ts';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/server/app.ts';

export type Schemas = components['schemas'];
export type ApiError = Schemas['Error'];

export const ROLE_ACCOUNTS = [
  { email: 'partner@demo.test', role: 'PARTNER' },
  { email: 'warehouse@demo.test', role: 'WAREHOUSE' },
  { email: 'pw@demo.test', role: 'PARTNER_WAREHOUSE' },
  { email: 'user@demo.test', role: 'USER' },
  { email: 'unconfirmed@demo.test', role: 'PARTNER' },
] as const;

/** The real app with the account handlers only (the other route modules are built by other helpers). */
export function startAccountApp(): Promise<TestApp> {
  return startTestApp({ handlers: accountHandlers, allowMissingHandlers: true });
}

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A correctly signed token of the user that expired a minute ago. */
export async function expiredTokenOf(t: TestApp, email: string): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return signAccessToken(
    { userId: row.id, wh: row.is_warehouse, par: row.is_partner, sessionVersion: row.session_version },
    t.config,
    { ttlSeconds: -60 },
  );
}

/** Asserts an error answer: status, code, and the error shape's translations. */
export function expectError(response: TestResponse, status: number, code: Schemas['ErrorCode']): ApiError {
  expect({ status: response.status, code: (response.body as ApiError).code }).toEqual({ status, code });
  const body = response.body as ApiError;
  expect(body.status).toBe(status);
  expect(Object.keys(body.translations).sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
  return body;
}

/** The payload of a JWT (no verification; the server verifies). */
export function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** Outbox entries of a user and kind, newest first. */
export function outboxOf(t: TestApp, userId: number, kind: 'password_reset' | 'email_confirmation') {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .execute();
}
