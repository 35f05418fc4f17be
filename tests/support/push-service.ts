/**
 * A stand-in for a browser vendor's push service, speaking the protocol of RFC 8030 over HTTPS (a self-signed
 * certificate; the portal's web-push requests trust it through an agent): it answers 201 Created, 410 Gone or
 * nothing at all, per endpoint, and keeps every request. And the browser's side of RFC 8291: a subscription's keys
 * and the decryption of an `aes128gcm` message with them, written from the RFCs (not with the library that
 * encrypts), plus the check of the VAPID signature (RFC 8292).
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import { makeSelfSignedCertificate } from '../../scripts/lib/self-signed.mjs';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type PushBehaviour = 'created' | 'gone' | 'hang';

export interface TestPushService {
  origin: string;
  /** Trust for the service's certificate: `new https.Agent({ ca })`. */
  agent: https.Agent;
  requests: PushRequest[];
  /** How the service answers requests to a path (default `created`). */
  behave: Map<string, PushBehaviour>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  makeSelfSignedCertificate(dir);
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true, force: true });
  const requests: PushRequest[] = [];
  const behave = new Map<string, PushBehaviour>();
  const hanging = new Set<ServerResponse>();
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const behaviour = behave.get(path) ?? 'created';
      if (behaviour === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(behaviour === 'gone' ? 410 : 201, { location: `${path}/m/${requests.length}` });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    agent: new https.Agent({ ca: cert }),
    requests,
    behave,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser's push subscription keys: a P-256 key pair and a 16-byte authentication secret. */
export interface BrowserKeys {
  ecdh: ReturnType<typeof createECDH>;
  /** Uncompressed public key, base64url (`p256dh`). */
  p256dh: string;
  /** base64url (`auth`). */
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** RFC 8291 §3 and RFC 8188 §2: the plaintext of an `aes128gcm` push message, decrypted with the browser's keys. */
export function decryptPushMessage(body: Buffer, keys: BrowserKeys): string {
  // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key, 65).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, 65 expected`);
  if (records.length > recordSize) throw new Error('a push message is one record');

  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'ascii'),
    keys.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key. */
export async function verifyVapid(
  authorization: string,
  expected: { audience: string; subject: string; publicKey: string },
): Promise<void> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (match === null) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token = '', k = ''] = match;
  if (k !== expected.publicKey) throw new Error('signed with another key');
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  await jwtVerify(token, key, { audience: expected.audience, subject: expected.subject });
}
