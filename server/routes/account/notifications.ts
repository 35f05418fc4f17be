/**
 * Message choices and web-push devices of the signed-in user, and the one-click unsubscribe of RFC 8058:
 * `getMessageSettings`, `setMessageChoice`, `addPushSubscription`, `removePushSubscription`, `unsubscribeOneClick`.
 */
import type { Handler } from '../../contract/types.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { oneLine } from '../../messages/one-line.ts';
import {
  choosableTopic,
  readMessageSettings,
  storeChoice,
  storePushSubscription,
  type MessageSettings,
} from '../../messages/settings.ts';
import { readUnsubscribeToken } from '../../messages/topics.ts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

async function settingsOf(request: FastifyRequest, db: Kysely<DB>, userId: number): Promise<MessageSettings> {
  const keys = await request.server.vapidKeys();
  const settings = await readMessageSettings(db, userId, keys.publicKey);
  if (settings === null) throw notFound();
  return settings;
}

export const getMessageSettings: Handler<'getMessageSettings'> = async ({ user, db, request }) =>
  settingsOf(request, db, user.userId);

export const setMessageChoice: Handler<'setMessageChoice'> = async ({ user, db, body, request }) => {
  if (!(await choosableTopic(db, user.userId, body.topic)))
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/topic', message: 'not a topic this user can turn on or off' },
    ]);
  await storeChoice(db, user.userId, body.topic, body.channel, body.enabled);
  return settingsOf(request, db, user.userId);
};

/** Base64 with padding or base64url: stored as base64url, as the Push API's `toJSON()` gives it. */
const base64url = (value: string): string => value.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const addPushSubscription: Handler<'addPushSubscription'> = async ({ user, db, body, request }) => {
  const p256dh = Buffer.from(base64url(body.keys.p256dh), 'base64url');
  const auth = Buffer.from(base64url(body.keys.auth), 'base64url');
  // RFC 8291: an uncompressed P-256 point and a 16-byte secret; anything else could never be encrypted to.
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/keys/p256dh', message: 'must be an uncompressed P-256 public key' },
    ]);
  if (auth.length !== 16)
    throw unprocessable('VALIDATION_FAILED', [
      { location: 'body', path: '/keys/auth', message: 'must be 16 bytes' },
    ]);
  await storePushSubscription(db, user.userId, {
    endpoint: body.endpoint,
    p256dh: p256dh.toString('base64url'),
    auth: auth.toString('base64url'),
    label: oneLine(body.label ?? '').slice(0, 80),
  });
  return settingsOf(request, db, user.userId);
};

export const removePushSubscription: Handler<'removePushSubscription'> = async ({
  user,
  db,
  body,
  request,
}) => {
  let removal = db.deleteFrom('push_subscriptions').where('user_id', '=', user.userId);
  removal = 'id' in body ? removal.where('id', '=', body.id) : removal.where('endpoint', '=', body.endpoint);
  await removal.execute();
  return settingsOf(request, db, user.userId);
};

/** RFC 8058: the mail client posts `List-Unsubscribe=One-Click` to the link; the topic's e-mail goes off. */
export const unsubscribeOneClick: Handler<'unsubscribeOneClick'> = async ({ query, db, config }) => {
  const found = readUnsubscribeToken(config.jwtSecret, query.token);
  if (found === null) throw unprocessable('INVALID_TOKEN');
  const user = await db.selectFrom('users').select('id').where('id', '=', found.userId).executeTakeFirst();
  if (user === undefined) throw unprocessable('INVALID_TOKEN');
  await storeChoice(db, found.userId, found.topic, 'email', false);
  return { result: 'unsubscribed', topic: found.topic };
};
