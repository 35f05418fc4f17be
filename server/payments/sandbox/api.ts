/**
 * The local maib sandbox's API at `/maib-sandbox/v1` (docs/adr/0113-maib-sandbox.md): the endpoints of maib
 * e-commerce the portal uses, with maib's request checks, answers and error shape (`{errors: [{errorCode,
 * errorMessage, errorArgs}], ok: false}`, the codes of its errors table), so the adapter that talks to maib talks to
 * this the same way. State lives in the database (any process answers, a restart loses nothing).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isIP } from 'node:net';
import { SANDBOX_PREFIX } from '../provider.ts';
import { toDecimal, toMinor } from '../maib/client.ts';
import { payInfoResult } from './store.ts';

const ACCESS_SECONDS = 300;
const REFRESH_SECONDS = 1800;
const CURRENCIES = ['MDL', 'EUR', 'USD'];

/** One entry of maib's errors table. */
class MaibRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    readonly errorMessage: string,
    readonly errorArgs?: Record<string, string>,
  ) {
    super(errorMessage);
  }
}

const invalidParameter = (parameter: string) =>
  new MaibRefusal(400, '12001', `Parameter '${parameter}' is invalid`, { parameter });

function answer(reply: FastifyReply, result: unknown): FastifyReply {
  return reply.header('cache-control', 'no-store').send({ result, ok: true });
}

function refuse(reply: FastifyReply, refusal: MaibRefusal): FastifyReply {
  return reply
    .code(refusal.httpStatus)
    .header('cache-control', 'no-store')
    .send({
      errors: [
        {
          errorCode: refusal.errorCode,
          errorMessage: refusal.errorMessage,
          ...(refusal.errorArgs === undefined ? {} : { errorArgs: refusal.errorArgs }),
        },
      ],
      ok: false,
    });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  if (!isRecord(request.body))
    throw new MaibRefusal(400, '12002', 'Provided request is invalid: no JSON body', { error: 'body' });
  return request.body;
}

function optionalText(
  body: Record<string, unknown>,
  name: string,
  max: number,
  code = '12001',
): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    throw code === '12001'
      ? invalidParameter(name)
      : new MaibRefusal(400, code, `Parameter '${name}' must not exceed ${max} characters`, {
          parameter: name,
          maxLength: String(max),
        });
  }
  return value;
}

/** A decimal of maib's format (`X.XX`) in minor units, within its range. */
function money(body: Record<string, unknown>, name: string, min: number, required: boolean): number | null {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw invalidParameter(name);
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidParameter(name);
  const minor = toMinor(value);
  if (minor === null) {
    throw new MaibRefusal(400, '12015', `Parameter '${name}' must have no more than 2 decimal places`, {
      parameter: name,
      maxScale: '2',
    });
  }
  if (value < min || value > 1_000_000) {
    throw new MaibRefusal(400, '12014', `Parameter '${name}' must be in range from ${min} to 1000000`, {
      parameter: name,
      minValue: String(min),
      maxValue: '1000000',
    });
  }
  return minor;
}

function url(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value.length > 2048) throw invalidParameter(name);
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw invalidParameter(name);
  }
  return value;
}

interface SandboxProject {
  projectId: string;
  projectSecret: string;
}

async function issueTokens(app: FastifyInstance) {
  const access = randomBytes(32).toString('base64url');
  const refresh = randomBytes(32).toString('base64url');
  await app.db
    .deleteFrom('maib_sandbox_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await app.db
    .insertInto('maib_sandbox_tokens')
    .values([
      { token: access, kind: 'access', expires_at: new Date(Date.now() + ACCESS_SECONDS * 1000) },
      { token: refresh, kind: 'refresh', expires_at: new Date(Date.now() + REFRESH_SECONDS * 1000) },
    ])
    .execute();
  return {
    accessToken: access,
    expiresIn: ACCESS_SECONDS,
    refreshToken: refresh,
    refreshExpiresIn: REFRESH_SECONDS,
    tokenType: 'Bearer',
  };
}

async function tokenValid(app: FastifyInstance, token: string, kind: 'access' | 'refresh'): Promise<boolean> {
  const row = await app.db
    .selectFrom('maib_sandbox_tokens')
    .select('token')
    .where('token', '=', token)
    .where('kind', '=', kind)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

async function requireToken(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer (\S+)$/.exec(header)?.[1];
  if (token === undefined || !(await tokenValid(app, token, 'access'))) {
    throw new MaibRefusal(
      401,
      '11001',
      "Invalid credentials. Please check 'projectId' and 'projectSecret' parameters",
    );
  }
}

async function payment(app: FastifyInstance, payId: unknown) {
  if (typeof payId !== 'string' || payId.length > 36) throw invalidParameter('payId');
  const row = await app.db
    .selectFrom('maib_sandbox_payments')
    .selectAll()
    .where('pay_id', '=', payId)
    .executeTakeFirst();
  if (row === undefined)
    throw new MaibRefusal(404, '12001', "Parameter 'payId' is invalid", { parameter: 'payId' });
  return row;
}

/** Registers the sandbox's API routes; `publicUrl()` is the origin its checkout page is served from. */
export function registerSandboxApi(
  app: FastifyInstance,
  project: SandboxProject,
  publicUrl: () => string,
): void {
  const base = `${SANDBOX_PREFIX}/v1`;
  const errorHandler = (error: unknown, _request: FastifyRequest, reply: FastifyReply): void => {
    if (error instanceof MaibRefusal) {
      refuse(reply, error);
      return;
    }
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      const unreadable = { error: 'body' };
      refuse(
        reply,
        new MaibRefusal(400, '12002', 'Provided request is invalid: the body cannot be read', unreadable),
      );
      return;
    }
    app.log.error({ err: error }, 'maib sandbox failed');
    const internal = 'Internal error encountered. Please try again or report if error persists';
    refuse(reply, new MaibRefusal(500, '10000', internal));
  };

  app.route({
    method: 'POST',
    url: `${base}/generate-token`,
    errorHandler,
    handler: async (request, reply) => {
      const body = bodyOf(request);
      if (typeof body.refreshToken === 'string') {
        if (!(await tokenValid(app, body.refreshToken, 'refresh')))
          throw new MaibRefusal(
            401,
            '11002',
            "Please provide 'projectId' and 'projectSecret' credentials or 'refreshToken'",
          );
        return answer(reply, await issueTokens(app));
      }
      if (typeof body.projectId !== 'string' || typeof body.projectSecret !== 'string')
        throw new MaibRefusal(
          401,
          '11002',
          "Please provide 'projectId' and 'projectSecret' credentials or 'refreshToken'",
        );
      if (body.projectId !== project.projectId || body.projectSecret !== project.projectSecret)
        throw new MaibRefusal(
          401,
          '11001',
          "Invalid credentials. Please check 'projectId' and 'projectSecret' parameters",
        );
      return answer(reply, await issueTokens(app));
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/pay`,
    errorHandler,
    handler: async (request, reply) => {
      await requireToken(app, request);
      const body = bodyOf(request);
      const amount = money(body, 'amount', 1, true) ?? 0;
      const currency = body.currency;
      if (typeof currency !== 'string' || !CURRENCIES.includes(currency)) {
        throw new MaibRefusal(
          400,
          '12005',
          `Parameter 'currency' is invalid. Possible values: ${CURRENCIES.join(', ')}`,
          {
            parameter: 'currency',
            values: CURRENCIES.join(', '),
          },
        );
      }
      const clientIp = body.clientIp;
      if (typeof clientIp !== 'string' || isIP(clientIp) === 0) throw invalidParameter('clientIp');
      const language = optionalText(body, 'language', 2);
      if (language !== null && language.length !== 2)
        throw new MaibRefusal(400, '12004', "Parameter 'language' must have 2 characters", {
          parameter: 'language',
          length: '2',
        });
      const email = optionalText(body, 'email', 40, '12007');
      if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email))
        throw new MaibRefusal(400, '12008', "Parameter 'email' has invalid format", { parameter: 'email' });
      const items = body.items;
      if (
        items !== undefined &&
        items !== null &&
        (!Array.isArray(items) || items.length === 0 || items.length > 50)
      )
        throw invalidParameter('items');
      const row = {
        pay_id: randomUUID(),
        order_id: optionalText(body, 'orderId', 36),
        amount,
        currency,
        client_ip: clientIp,
        language,
        description: optionalText(body, 'description', 124),
        client_name: optionalText(body, 'clientName', 128),
        email,
        phone: optionalText(body, 'phone', 40, '12006'),
        delivery: money(body, 'delivery', 0, false),
        items: items === undefined || items === null ? null : JSON.stringify(items),
        callback_url: url(body, 'callbackUrl'),
        ok_url: url(body, 'okUrl'),
        fail_url: url(body, 'failUrl'),
      };
      await app.db.insertInto('maib_sandbox_payments').values(row).execute();
      const payUrl = new URL(`${SANDBOX_PREFIX}/checkout/${row.pay_id}`, publicUrl()).href;
      return answer(reply, {
        payId: row.pay_id,
        ...(row.order_id === null ? {} : { orderId: row.order_id }),
        payUrl,
      });
    },
  });

  app.route({
    method: 'GET',
    url: `${base}/pay-info/:payId`,
    errorHandler,
    handler: async (request, reply) => {
      await requireToken(app, request);
      const row = await payment(app, (request.params as { payId?: unknown }).payId);
      return answer(reply, payInfoResult(row, new Date()));
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/refund`,
    errorHandler,
    handler: async (request, reply) => {
      await requireToken(app, request);
      const body = bodyOf(request);
      const result = await app.db.transaction().execute(async (trx) => {
        const payId = body.payId;
        if (typeof payId !== 'string' || payId.length > 36)
          throw new MaibRefusal(400, '12011', "Parameter 'payId' is required", { parameter: 'payId' });
        const row = await trx
          .selectFrom('maib_sandbox_payments')
          .selectAll()
          .where('pay_id', '=', payId)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined)
          throw new MaibRefusal(404, '12001', "Parameter 'payId' is invalid", { parameter: 'payId' });
        const base = { payId: row.pay_id, ...(row.order_id === null ? {} : { orderId: row.order_id }) };
        if (row.refund_amount !== null) {
          // maib refunds a payment once: a repeated request is told so.
          return {
            ...base,
            status: 'REVERSED',
            statusCode: '400',
            statusMessage: 'Reversed',
            refundAmount: toDecimal(row.refund_amount),
          };
        }
        if (row.status !== 'OK')
          throw new MaibRefusal(400, '12002', 'Provided request is invalid: the payment is not completed', {
            error: 'status',
          });
        const requested = money(body, 'refundAmount', 0.01, false) ?? row.amount;
        if (requested > row.amount) throw invalidParameter('refundAmount');
        await trx
          .updateTable('maib_sandbox_payments')
          .set({ refund_amount: requested })
          .where('pay_id', '=', row.pay_id)
          .execute();
        return {
          ...base,
          status: 'OK',
          statusCode: '400',
          statusMessage: 'Accepted',
          refundAmount: toDecimal(requested),
        };
      });
      return answer(reply, result);
    },
  });
}
