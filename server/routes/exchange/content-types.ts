/**
 * Body parsers the 1C exchange needs (`mode=file` posts the XML as `application/xml`, `text/xml` or
 * `application/octet-stream`). Fastify knows JSON and text/plain only; the app registers these once:
 * `registerExchangeContentTypes(app)` in `server/app.ts`, before the contract routes.
 */
import type { FastifyInstance } from 'fastify';

/** The largest file (or part of one) 1C may send in one request; `mode=init` tells 1C this number. */
export const EXCHANGE_FILE_LIMIT = 1024 * 1024;

export const EXCHANGE_BODY_TYPES = ['application/xml', 'text/xml', 'application/octet-stream'] as const;

/**
 * Registers the XML/binary parsers unless already there. The body stays a Buffer: a file sent in parts may be cut
 * inside a UTF-8 character, so the exchange joins the bytes before decoding them.
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
}
