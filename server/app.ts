import { loadPageRenderer, type PageRenderer } from './prerender.ts';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Socket } from 'node:net';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { registerAuth } from './auth/authenticate.ts';
import { enforceRateLimit } from './auth/rate-limit.ts';
import type { Config, LogLevel } from './config.ts';
import { loadContract, type Contract } from './contract/load.ts';
import { checkResponse, type ResponseProblem } from './contract/responses.ts';
import { registerContractRoutes } from './contract/router.ts';
import type { GenericHandler, Handlers } from './contract/types.ts';
import type { Database } from './db/database.ts';
import { pageLang } from './http/page-language.ts';
import { pageHead, withPageHead } from './http/page-head.ts';
import { registerJsonCompression } from './http/compression.ts';
import type {} from './http/decorations.ts';
import { connectionOptions } from './http/connections.ts';
import { sendError } from './http/error-handler.ts';
import { EventHub, registerEventHub } from './events/hub.ts';
import { registerJobs, serverJobs } from './jobs/index.ts';
import { setPeriodTimeZone } from './domain/volumes/settings.ts';
import { registerVolumeMetrics } from './domain/volumes/metrics.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { errorBody, HttpError } from './http/errors.ts';
import { readBootManifest } from './http/boot-manifest.ts';
import { pageContentSecurityPolicy } from './http/page-csp.ts';
import {
  CONTENT_SECURITY_POLICY,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './http/security-headers.ts';
import { registerMedia } from './media/index.ts';
import { registerMessages, type MessagesOptions } from './messages/index.ts';
import { registerHealthRoutes } from './ops/health.ts';
import { registerExchangeMetrics, registerJobMetrics, registerMetrics } from './ops/metrics.ts';
import { registerRequestIdHeader, requestIdGenerator } from './ops/request-id.ts';
import { registerRequestMetrics } from './ops/request-metrics.ts';
import { registerRequestsFirst } from './ops/requests-first.ts';
import { registerPayments } from './payments/index.ts';
import { registerExchangeContentTypes } from './routes/exchange/content-types.ts';
import { registerExchangeMetrics as registerCatalogueExchangeMetrics } from './domain/exchange/catalog/metrics.ts';

export interface ContractViolation {
  operationId: string;
  method: string;
  url: string;
  status: number;
  problems: ResponseProblem[];
}

export interface BuildAppOptions {
  config: Config;
  /** An open database (`openDatabase()` from server/db/database.ts); the caller closes it. */
  database: Pick<Database, 'db' | 'kind'> & Partial<Pick<Database, 'listen'>>;
  /** Defaults to `handlers` of server/routes/index.ts. */
  handlers?: Partial<Handlers> | Record<string, GenericHandler>;
  /** Defaults to openapi/api-v3.yaml. */
  contract?: Contract;
  /** Frame tests only: register just the operations that have a handler. */
  allowMissingHandlers?: boolean;
  /** `false` for no logs; otherwise level (default `config.logLevel`) and destination (default stdout). */
  logger?: false | { level?: LogLevel; stream?: DestinationStream };
  /** Called for every contract-route answer the contract does not allow (tests collect these). */
  onContractViolation?: (violation: ContractViolation) => void;
  /** Message delivery's transports and worker settings (tests; server/messages/index.ts). */
  messages?: MessagesOptions;
}

/** Log paths whose values never reach the log. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  'authorization',
  'cookie',
  'password',
  'currentPassword',
  'newPassword',
  'newPasswordConfirmation',
  'passwordConfirmation',
  'token',
  'ticket',
  'access_token',
  'accessToken',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.newPasswordConfirmation',
  '*.passwordConfirmation',
  '*.token',
  '*.access_token',
  '*.accessToken',
  '*.*.password',
  '*.*.token',
  '*.*.access_token',
];

const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|password|key|ticket)=)[^&#]*/gi;

/** A URL for the log: secrets in the query string (`/?token=...`, reset links) are masked. */
export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
}

function loggerOptions(options: BuildAppOptions): FastifyServerOptions['logger'] {
  if (options.logger === false) return false;
  return {
    level: options.logger?.level ?? options.config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: maskUrl(request.url), remoteAddress: request.ip };
      },
    },
    ...(options.logger?.stream === undefined ? {} : { stream: options.logger.stream }),
  };
}

async function defaultHandlers(): Promise<Partial<Handlers> | Record<string, GenericHandler>> {
  // A variable specifier keeps this file compiling while server/routes/ is being written.
  const specifier = './routes/index.ts';
  const module: unknown = await import(specifier);
  const handlers =
    typeof module === 'object' && module !== null && 'handlers' in module ? module.handlers : undefined;
  if (typeof handlers !== 'object' || handlers === null) {
    throw new Error('server/routes/index.ts must export `handlers`, one per contract operationId');
  }
  return handlers;
}

/**
 * A browser navigation, or a page asked for by a client that takes anything (`curl`, `Accept: *\/*`): the app's
 * index.html. A path with a file extension is a file, so a missing one stays a 404 in the Error shape.
 */
function wantsPage(request: FastifyRequest, path: string): boolean {
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') && /(^|,)\s*\*\/\*/.test(accept);
}

function applySecurityHeaders(reply: FastifyReply, https: boolean, isApi: boolean): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  if (https && !reply.hasHeader('strict-transport-security'))
    reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/**
 * Answers a request Node could not even parse (bad HTTP), or one that did not arrive within the time limits (408,
 * server/http/connections.ts), in the Error shape with the security headers.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const late = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT';
  const [status, reason, message] = late
    ? [408, 'Request Timeout', 'the request did not arrive in time']
    : [400, 'Bad Request', 'malformed HTTP request'];
  const body = JSON.stringify(
    errorBody(status, 'VALIDATION_FAILED', 'en', [{ location: 'header', path: '', message }]),
  );
  const headers = Object.entries({ ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headers}\r\n\r\n${body}`,
  );
}

/** Builds the Fastify app (not listening). Routes are added and checked against the contract at build time. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const contract = options.contract ?? (await loadContract());
  const apiPrefix = contract.basePath;
  const https = config.publicUrl.startsWith('https:');

  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(options),
    // Who the client is behind a proxy, and how long a request may take to arrive (server/http/connections.ts).
    ...connectionOptions(config),
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    // Refusals the router makes before any route runs (bad percent-encoding, an over-long path value): the Error
    // shape and the security headers, as every other refusal.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(reply, https, true);
      void sendError(error, request, reply);
    },
    return503OnClosing: true,
    // No trailing-slash aliases (the default): `/users/statements/` is a statement with an empty month, a 404.
    // A request id in every log line of the request and in the answer (server/ops/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy),
  };
  // With TLS_CERT and TLS_KEY: HTTPS, HTTP/2 for the browsers (every asset and read of a first screen on one
  // connection, none waiting for one of HTTP/1.1's six) and HTTP/1.1 for clients without it. The routes and hooks
  // are the same: Fastify hands them the compatibility request and reply.
  const app =
    config.tls === undefined
      ? Fastify(serverOptions)
      : (Fastify({
          ...serverOptions,
          http2: true,
          https: {
            allowHTTP1: true,
            cert: readFileSync(config.tls.certFile),
            key: readFileSync(config.tls.keyFile),
          },
        } as FastifyServerOptions) as unknown as FastifyInstance);

  app.decorate('db', options.database.db);
  app.decorate('config', config);
  registerAuth(app);
  registerRequestIdHeader(app);
  registerRequestsFirst(app, [`${apiPrefix}/events`, `${apiPrefix}/exchange/1c`]); // background work waits (ADR 0150)

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    applySecurityHeaders(reply, https, url === apiPrefix || url.startsWith(`${apiPrefix}/`));
    return payload;
  });

  if (options.onContractViolation !== undefined) {
    const report = options.onContractViolation;
    app.addHook('onSend', async (request, reply, payload) => {
      const operation = request.routeOptions.config.contract?.operation;
      if (operation === undefined || request.method === 'HEAD') return payload;
      const contentType = reply.getHeader('content-type');
      const type = typeof contentType === 'string' ? contentType : undefined;
      let body: unknown = payload;
      if (type !== undefined && /json/i.test(type) && typeof payload === 'string') {
        try {
          body = JSON.parse(payload) as unknown;
        } catch {
          body = payload;
        }
      }
      const problems = checkResponse(operation, reply.statusCode, type, body);
      if (problems.length > 0) {
        report({
          operationId: operation.operationId,
          method: request.method,
          url: maskUrl(request.url),
          status: reply.statusCode,
          problems,
        });
      }
      return payload;
    });
  }

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));

  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Multipart bodies are read by the contract router (server/contract/router.ts), where a malformed one is a 400.
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 200, parts: 210, fieldSize: 64 * 1024 },
  });
  // Login and forgot-password limits are counted in the database, across processes (server/auth/rate-limit.ts),
  // once the body is read (multipart included) and valid: a refused body tries no password.
  app.addHook('preHandler', enforceRateLimit);
  // Live events: one hub per process, told of new events by LISTEN/NOTIFY (server/events/hub.ts).
  registerEventHub(app, new EventHub(options.database.db, options.database.listen), apiPrefix);
  // The company's period time zone, where SQL reads it too (server/domain/volumes/settings.ts).
  app.addHook('onReady', () => setPeriodTimeZone(options.database.db, config.periodTimeZone));
  // Periodic jobs, each run once across processes (server/jobs/); BACKGROUND_JOBS=off leaves them to runNow.
  const scheduler = new JobScheduler(options.database.db, serverJobs(config, options.database.kind), {
    onError: (job, error) => app.log.error({ err: error, job }, 'job failed'),
  });
  registerJobs(app, scheduler, config.backgroundJobs);
  const metrics = registerMetrics(app);
  registerJobMetrics(metrics, scheduler);
  registerExchangeMetrics(metrics, options.database.db);
  registerVolumeMetrics(metrics, options.database.db);
  registerCatalogueExchangeMetrics(metrics, options.database.db);
  // The operator's toolkit: request durations and open streams, /healthz and /readyz (server/ops/).
  registerRequestMetrics(app, metrics, { apiPrefix, processMetrics: config.metrics !== undefined });
  registerHealthRoutes(app);
  // Card payments: the acquirer (maib, or its local sandbox on this origin), their jobs and metrics (server/payments/).
  registerPayments(app, config);
  // Messages (e-mail, web push): this process's worker delivers what the outbox holds (server/messages/).
  registerMessages(app, options.database, config, options.messages);

  registerJsonCompression(app); // the last onSend hook: after every hook that reads the JSON
  const spaRoot = config.appDist === undefined ? undefined : resolve(config.appDist);
  let pageCsp = CONTENT_SECURITY_POLICY;
  let pageRenderer: PageRenderer | null = null;
  let template = '';
  if (spaRoot !== undefined) {
    if (!existsSync(resolve(spaRoot, 'index.html'))) {
      throw new Error(`APP_DIST=${config.appDist}: no index.html there (build the SPA first: npm run build)`);
    }
    // Read once: the build does not change under a running server. The page's inline boot script runs by the hash
    // the build computed (its manifest).
    template = readFileSync(resolve(spaRoot, 'index.html'), 'utf8');
    const boot = readBootManifest(spaRoot);
    pageCsp = pageContentSecurityPolicy(boot);
    pageRenderer = await loadPageRenderer(app, {
      entry: config.prerenderEntry,
      template,
      boot,
      apiPrefix,
      log: app.log,
      timeoutMs: config.prerenderTimeoutMs,
    });
    await app.register(fastifyStatic, {
      root: spaRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      // Built with `.br` / `.gz` siblings (vite.config.ts): sent as they are, with Vary: Accept-Encoding.
      preCompressed: true,
      // Source maps are built for error reports, not served.
      allowedPath: (path: string) => !path.endsWith('.map'),
      setHeaders: (reply: FastifyReply, path: string) => {
        if (/[\\/]index\.html$/.test(path)) reply.header('content-security-policy', pageCsp);
        const immutable = /[\\/]assets[\\/]/.test(path);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    if (
      spaRoot !== undefined &&
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsPage(request, path)
    ) {
      // A product's or a shop's page carries its title and preview tags for every visitor (server/http/page-head.ts).
      const query = request.url.slice(path.length);
      const head = await pageHead(app.db, path, query, pageLang(request), config.publicUrl);
      if (head?.kind === 'redirect')
        return reply.header('cache-control', 'no-cache').redirect(head.location, 301);
      if (head?.kind === 'missing') reply.code(404);
      const rendered = request.method === 'GET' ? await pageRenderer?.render(request) : null;
      // Where the app's route guards would send the visitor on at once, the server says so itself (ADR 0068), for
      // this visitor's cookie only. A product's page is the exception: its head is for visitors without a session
      // (a messenger previewing a shared link), so it goes to them, and the app sends them on to /login.
      if (rendered !== null && rendered !== undefined && 'redirect' in rendered && head === null)
        return reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie')
          .header('content-security-policy', pageCsp)
          .redirect(rendered.redirect, 302);
      const page = rendered !== null && rendered !== undefined && 'page' in rendered ? rendered.page : null;
      if (page !== null)
        // The visitor's own data: kept by no shared cache, never served to another cookie.
        return reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie')
          .header('content-security-policy', pageCsp)
          .type('text/html; charset=utf-8')
          .send(head?.kind === 'head' ? withPageHead(page, head) : page);
      if (head?.kind === 'head')
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie')
          .header('content-security-policy', pageCsp)
          .type('text/html; charset=utf-8')
          .send(withPageHead(template, head));
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pageCsp)
        .sendFile('index.html');
    }
    return sendError(new HttpError(404, 'NOT_FOUND'), request, reply);
  });

  await registerMedia(app);
  registerExchangeContentTypes(app);

  const handlers = options.handlers ?? (await defaultHandlers());
  registerContractRoutes(app, handlers, {
    contract,
    allowMissing: options.allowMissingHandlers === true,
  });

  return app;
}
