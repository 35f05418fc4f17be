/**
 * Web push (docs/adr/0103-web-push.md): the payload encrypted for the browser's keys (RFC 8291, aes128gcm) and
 * signed with the portal's VAPID key (RFC 8292), posted to the push service the browser named, by the `web-push`
 * library. A push service that answers 404 or 410 has forgotten the subscription: it is dropped. One that does not
 * answer within PUSH_TIMEOUT_MS is given up on for this try (the delivery is retried later), and since push has
 * its own lane in the worker, a hanging push service never holds up an e-mail.
 */
import type { Agent } from 'node:https';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { DeliveryError } from './mail.ts';
import { oneLine } from './one-line.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or the one kept in the database (made by whichever process
 * asked first; every process then uses the same).
 */
export async function vapidKeys(db: Kysely<DB>, config: Pick<Config, 'push'>): Promise<VapidKeys> {
  if (config.push.vapid !== undefined) return config.push.vapid;
  const stored = await db.selectFrom('vapid_keys').select(['public_key', 'private_key']).executeTakeFirst();
  if (stored !== undefined) return { publicKey: stored.public_key, privateKey: stored.private_key };
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('vapid_keys')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('vapid_keys')
    .select(['public_key', 'private_key'])
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (public/sw.js reads exactly these fields). */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen the notification opens. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per order). */
  tag: string;
  /** The message's id, so a repeated delivery is recognisable as the same message. */
  id: number;
}

export interface PushTransport {
  send(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number; topic: string },
  ): Promise<void>;
}

function classifyPushError(error: unknown): DeliveryError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: number;
    body?: string;
    message?: string;
  };
  const text = oneLine(
    `${e.statusCode === undefined ? '' : `${e.statusCode} `}${e.body ?? ''} ${e.message ?? String(error)}`,
  ).slice(0, 500);
  if (typeof e.statusCode === 'number') {
    if (e.statusCode === 404 || e.statusCode === 410)
      return new DeliveryError('permanent', text, { cause: error, gone: true });
    if (e.statusCode === 429 || e.statusCode >= 500)
      return new DeliveryError('temporary', text, { cause: error });
    return new DeliveryError('permanent', text, { cause: error });
  }
  return new DeliveryError('connection', text, { cause: error });
}

/** Sends through `web-push` with the portal's keys; `agent` lets tests trust their local push service. */
export function webPushTransport(
  keys: () => Promise<VapidKeys>,
  subject: string,
  timeoutMs: number,
  agent?: Agent,
): PushTransport {
  return {
    async send(target, payload, options) {
      const vapid = await keys();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DeliveryError('connection', `no answer from the push service in ${timeoutMs} ms`)),
          timeoutMs + 1000,
        );
      });
      try {
        await Promise.race([
          webpush.sendNotification(
            { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
              TTL: options.ttlSeconds,
              topic: options.topic,
              urgency: 'normal',
              contentEncoding: 'aes128gcm',
              timeout: timeoutMs,
              ...(agent === undefined ? {} : { agent }),
            },
          ),
          deadline,
        ]);
      } catch (error) {
        throw error instanceof DeliveryError ? error : classifyPushError(error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
