/**
 * Bodies of the 1C exchange. 1C nodes post a file's bytes with whatever Content-Type their version writes —
 * `application/xml`, `application/octet-stream`, `application/x-www-form-urlencoded` (which would be parsed as a
 * form), or none at all — so every POST to the exchange is read as bytes, whatever it says: the type is set to
 * `application/octet-stream` before the body is parsed. The app registers this once:
 * `registerExchangeContentTypes(app)` in `server/app.ts`, before the contract routes.
 */
import type { FastifyInstance } from 'fastify';

/** The largest file (or part of one) 1C may send in one request; `mode=init` tells 1C this number. */
export const EXCHANGE_FILE_LIMIT = 1024 * 1024;

export const EXCHANGE_BODY_TYPES = ['application/xml', 'text/xml', 'application/octet-stream'] as const;

/** The exchange's path under the API prefix. */
const EXCHANGE_PATH = /^\/api\/v3\/exchange\/1c(?:\?|$)/;

/**
 * Registers the binary parsers unless already there, and the hook that reads every exchange body as bytes. The
 * body stays a Buffer: a file sent in parts may be cut inside a UTF-8 character, so the exchange joins the bytes
 * before decoding them.
 */
export function registerExchangeContentTypes(app: FastifyInstance): void {
  const missing = EXCHANGE_BODY_TYPES.filter((type) => !app.hasContentTypeParser(type));
  if (missing.length === 0) return;
  app.addContentTypeParser(
    [...missing],
    { parseAs: 'buffer', bodyLimit: EXCHANGE_FILE_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method === 'POST' && EXCHANGE_PATH.test(request.url)) {
      request.headers['content-type'] = 'application/octet-stream';
    }
    return payload;
  });
}
