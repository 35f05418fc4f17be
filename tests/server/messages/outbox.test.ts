// The messages outbox: one message per cause, written or rolled back with the change that causes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { enqueueMessage, messageGroup } from '#server/messages/outbox.ts';
import { freshDatabase } from '../../support/server/db.ts';

let database: Database;
let userId: number;

beforeAll(async () => {
  database = await freshDatabase();
  const user = await database.db
    .insertInto('users')
    .values({ email: 'outbox-test@example.test', password_hash: 'x', full_name: 'Someone' })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(async () => {
  await database.close();
});

describe('enqueueMessage', () => {
  it('writes one message per key, however often the cause is replayed', async () => {
    const message = {
      event: 'order.ready_for_pickup' as const,
      userId,
      key: 'order.ready_for_pickup:41',
      data: { orderId: 41 },
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => enqueueMessage(database.db, message)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const rows = await database.db
      .selectFrom('messages')
      .selectAll()
      .where('key', '=', message.key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'order.ready_for_pickup',
      user_id: userId,
      data: { orderId: 41 },
      secret: null,
    });
  });

  it('is rolled back with the change that wrote it', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, { event: 'account.reset_password', userId, key: 'reset:1', secret: 'abc' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(
      await database.db.selectFrom('messages').select('id').where('key', '=', 'reset:1').execute(),
    ).toEqual([]);
  });

  it('refuses an unknown event or an empty key', async () => {
    await expect(
      enqueueMessage(database.db, { event: 'order.exploded' as never, userId, key: 'k' }),
    ).rejects.toThrow(/unknown message event/);
    await expect(enqueueMessage(database.db, { event: 'order.placed', userId, key: '' })).rejects.toThrow(
      /key/,
    );
  });

  it('knows which group an event belongs to', () => {
    expect(messageGroup('account.reset_password')).toBe('account');
    expect(messageGroup('order.pay_now')).toBe('orders');
    expect(messageGroup('business.statement_ready')).toBe('business');
  });
});
