/**
 * API answers and rendered pages compressed like a CDN would: a JSON body, or a page with a first screen the server
 * rendered (server/prerender.ts), of at least `threshold` bytes is sent brotli- (quality 4: fast,
 * about gzip's speed at a smaller size) or gzip-encoded when the request accepts it, with `Vary: Accept-Encoding`.
 * Runs as the last `onSend` hook (after whatever reads the serialized body), off the event loop (zlib's thread pool).
 * Static files are not touched here: they are compressed at build time (`vite.config.ts`) and served as they are.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The preferred encoding the `Accept-Encoding` header allows (q > 0), brotli first; none for identity only. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allowed = (name: Encoding): boolean => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/\baccept-encoding\b/i.test(current))
    reply.header('vary', current === '' ? 'Accept-Encoding' : `${current}, Accept-Encoding`);
}

async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  threshold: number,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !/^(application\/([\w.-]+\+)?json|text\/html)\b/i.test(type))
    return payload;
  addVary(reply);
  const size = Buffer.byteLength(payload);
  if (size < threshold || request.method === 'HEAD') return payload;
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return payload;
  const body =
    encoding === 'br'
      ? await brotli(payload, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : await gzipAsync(payload, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

export function registerJsonCompression(app: FastifyInstance, threshold = COMPRESS_THRESHOLD_BYTES): void {
  app.addHook('onSend', (request, reply, payload) => compressJson(request, reply, payload, threshold));
}
