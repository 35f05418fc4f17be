// TLS_CERT and TLS_KEY: the server speaks HTTPS itself, HTTP/2 with HTTP/1.1 for clients without it, through the
// same pipeline (security headers with HSTS, the error shape, the event stream without HTTP/1.1's connection header).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate } from '../../scripts/lib/self-signed.mjs';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { startTestApp, type TestApp } from '../support/server/app.ts';
import { PARTNER, tokenFor } from './routes/orders/support.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-tls-'));
const certFile = join(dir, 'cert.pem');
const keyFile = join(dir, 'key.pem');
let t: TestApp;
let origin: string;
let ca: Buffer;
let session: http2.ClientHttp2Session;

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One HTTP/2 request on the shared session; `until` ends reading a stream early (the event stream never ends). */
function h2(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; until?: RegExp } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': options.method ?? 'GET',
      ':path': path,
      ...options.headers,
    });
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (options.until?.test(body) === true) {
        stream.close();
        resolve({ status: Number(headers[':status']), headers, body });
      }
    });
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(options.body);
  });
}

beforeAll(async () => {
  makeSelfSignedCertificate(dir);
  ca = readFileSync(certFile);
  t = await startTestApp({ config: { tls: { certFile, keyFile }, publicUrl: 'https://127.0.0.1:8443' } });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  session = http2.connect(origin, { ca });
});
afterAll(async () => {
  session?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server over TLS', () => {
  it('listens on https and answers HTTP/2 with the security headers, HSTS included', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const login = await h2('/api/v3/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: PARTNER, password: 'demo1234' }).toString(),
    });
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const me = await h2('/api/v3/users/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((JSON.parse(me.body) as { email: string }).email).toBe(PARTNER);
    expect(me.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(me.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses bad input over HTTP/2 with the error shape', async () => {
    const answer = await h2('/api/v3/users/me');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 401 });
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('streams live events over HTTP/2, without the HTTP/1.1 connection header', async () => {
    const token = await tokenFor(t, PARTNER);
    const ticket = await h2('/api/v3/events/ticket', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ticket.status).toBe(200);
    const { ticket: code } = JSON.parse(ticket.body) as { ticket: string };
    const stream = await h2(`/api/v3/events?ticket=${encodeURIComponent(code)}`, { until: /event: ready/ });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers.connection).toBeUndefined();
    expect(stream.body).toMatch(/event: ready\ndata: \{"position":/);
  });

  it('answers a client without HTTP/2 over HTTP/1.1', async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/v3/users/me`, { ca }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, version: response.httpVersion });
        })
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 401, version: '1.1' });
  });
});

describe('TLS configuration', () => {
  const base = { JWT_SECRET: 's'.repeat(32) };
  it('takes the certificate and the key together, and makes the public URL https', () => {
    const config = loadConfig({ ...base, TLS_CERT: certFile, TLS_KEY: keyFile, PORT: '8443' });
    expect(config.tls).toEqual({ certFile, keyFile });
    expect(config.publicUrl).toBe('https://127.0.0.1:8443');
    expect(loadConfig(base).tls).toBeUndefined();
  });

  it('names a certificate without its key, or a file that is not there', () => {
    expect(() => loadConfig({ ...base, TLS_CERT: certFile })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TLS_CERT: certFile })).toThrow(/TLS_KEY: must be given with TLS_CERT/);
    expect(() => loadConfig({ ...base, TLS_CERT: join(dir, 'none.pem'), TLS_KEY: keyFile })).toThrow(
      /TLS_CERT: no such file/,
    );
  });
});
