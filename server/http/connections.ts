/**
 * What the server allows a connection (docs/adr/0121-limits-that-hold.md): which proxies may say who the client
 * is, and how long a request may take to arrive. A client that sends its headers or its body slowly (one byte every
 * few seconds, to hold connections open) is answered 408 and cut off once `requestMs` has passed, whatever it
 * still trickles in.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** How often Node looks for requests past their time (its default, 30 s, would let one run twice as long). */
const CHECK_EVERY_MS = 1000;

export function connectionOptions(
  config: Pick<Config, 'trustProxy' | 'requestTimeouts'>,
): Pick<FastifyServerOptions, 'trustProxy' | 'requestTimeout'> & { http: ServerOptions } {
  const { headersMs, requestMs } = config.requestTimeouts;
  const hops = config.trustProxy;
  return {
    // A hop count as a function: Fastify honours a number, its types do not say so.
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    requestTimeout: requestMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      connectionsCheckingInterval: Math.min(CHECK_EVERY_MS, headersMs),
    },
  };
}
