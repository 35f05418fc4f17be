/**
 * Three server processes (`server/main.ts`) on one PostgreSQL database, each running its messages worker, and one
 * real SMTP server started by the test. Messages written in one transaction wake every worker at once (LISTEN/
 * NOTIFY); each must reach the mail server exactly once (docs/adr/0100-message-delivery.md).
 *
 * Needs DATABASE_URL (`npm run test:multi` starts a throwaway PostgreSQL); without it the suite is skipped with
 * the reason printed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import { enqueueMessage } from '#server/messages/outbox.ts';
import { startServer, type StartedServer } from '../../scripts/lib/server-process.mjs';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server.ts';

const BASE_URL = process.env.DATABASE_URL;
const PER_USER = 8;

if (BASE_URL === undefined) {
  console.log(
    '[multi-messages] SKIPPED: DATABASE_URL is not set (run `npm run test:multi` to get a PostgreSQL)',
  );
}

let servers: StartedServer[] = [];
let database: Database;
let smtp: TestSmtpServer;
let databaseName = '';
let adminUrl = '';

describe.skipIf(BASE_URL === undefined)('three processes delivering one outbox', () => {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const base = new URL(BASE_URL ?? '');
    databaseName = `multi_messages_${randomBytes(4).toString('hex')}`;
    adminUrl = base.toString();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    base.pathname = `/${databaseName}`;
    const url = base.toString();
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: url,
      JWT_SECRET: `multi-messages-secret-${randomBytes(16).toString('hex')}`,
      LOG_LEVEL: 'warn',
      SCRYPT_N: '1024',
      APP_DIST: '',
      PUBLIC_URL: 'https://portal.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Portal <no-reply@portal.test>',
      MESSAGE_CONCURRENCY: '4',
    };
    const quiet = (): void => {};
    const first = await startServer({ env: { ...env, SEED: 'demo' }, onLine: quiet });
    const rest = await Promise.all(
      [1, 2].map(() => startServer({ env: { ...env, SEED: 'none' }, onLine: quiet })),
    );
    servers = [first, ...rest];
    database = await openDatabase({ databaseUrl: url });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await smtp?.close();
    if (databaseName !== '') {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('sends every message once, with one Message-ID each, none twice', async () => {
    const before = smtp.received.length;
    const users = await database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .orderBy('id')
      .limit(25)
      .execute();
    expect(users.length).toBeGreaterThan(5);
    // One transaction, as a change that causes many messages would write them: every worker is woken at once.
    await database.db.transaction().execute(async (trx) => {
      for (const user of users)
        for (let n = 0; n < PER_USER; n += 1)
          await enqueueMessage(trx, {
            event: 'account.password_changed',
            userId: user.id,
            key: `multi:${user.id}:${n}`,
          });
    });
    const expected = users.length * PER_USER;
    const mails = (await smtp.waitFor(before + expected, 120_000)).slice(before);

    // Nothing after the last one arrives late: wait a little and count again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.length - before).toBe(expected);
    const ids = mails.map((mail) => mail.parsed.messageId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(expected);

    const rows = await database.db
      .selectFrom('message_deliveries as d')
      .innerJoin('messages as m', 'm.id', 'd.message_id')
      .select(['d.state', 'd.attempts', 'd.channel'])
      .where('m.key', 'like', 'multi:%')
      .execute();
    expect(rows).toHaveLength(expected);
    expect(rows.every((row) => row.channel === 'email' && row.state === 'sent' && row.attempts === 1)).toBe(
      true,
    );
    for (const user of users)
      expect(mails.filter((mail) => mail.to.includes(user.email)).length).toBe(PER_USER);
  }, 180_000);
});
