/**
 * Slow requests are cut off (docs/adr/0121-limits-that-hold.md): a body dripping one byte at a time, or headers that
 * never end, hold a connection no longer than the request time limit, and are answered 408 in the Error shape.
 * Measured on a real socket against the listening app, with limits shortened so the test stays quick; the default
 * limits are checked in tests/server/frame/config.test.ts.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ config: { requestTimeouts: { headersMs: 1000, requestMs: 2000 } } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});

afterAll(async () => {
  await t.close();
});

interface Dripped {
  /** ms from the first byte until the server closed the connection */
  closedAfterMs: number;
  answer: string;
  bytesSent: number;
}

/** Sends `head` at once, then one byte of `rest` every `everyMs`, until the server closes or `giveUpMs` passes. */
function drip(head: string, rest: string, everyMs: number, giveUpMs: number): Promise<Dripped> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    const socket: Socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      const timer = setInterval(() => {
        if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++] ?? '');
      }, everyMs);
      const giveUp = setTimeout(() => {
        clearInterval(timer);
        socket.destroy();
        reject(new Error(`still open after ${giveUpMs} ms (${sent} bytes sent)`));
      }, giveUpMs);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ closedAfterMs: Date.now() - started, answer, bytesSent: sent });
      });
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
  });
}

describe('slow requests', () => {
  it('a body dripping one byte every 400 ms is answered 408 and cut off at the request limit', async () => {
    const body = 'email=partner%40demo.test&password=demo1234'.padEnd(100, 'x');
    const head = [
      'POST /api/v3/users/login HTTP/1.1',
      'host: 127.0.0.1',
      'content-type: application/x-www-form-urlencoded',
      `content-length: ${body.length}`,
      '',
      '',
    ].join('\r\n');
    const result = await drip(head, body, 400, 8000);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1900);
    expect(result.closedAfterMs).toBeLessThan(4500);
    expect(result.bytesSent).toBeLessThan(body.length);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('x-content-type-options: nosniff');
    expect(result.answer).toContain('"status":408');
  });

  it('headers that never end are answered 408 at the headers limit', async () => {
    const result = await drip(
      'GET /api/v3/goods HTTP/1.1\r\nhost: 127.0.0.1\r\n',
      'x-slow: ' + 'a'.repeat(50),
      300,
      8000,
    );
    expect(result.closedAfterMs).toBeLessThan(3500);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('"status":408');
  });
});
