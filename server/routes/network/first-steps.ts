/**
 * `getFirstSteps`: what a new distributor does first, each step read from the account's own data
 * (docs/adr/0148-first-steps.md). One read for the page and Main's card; nothing here is stored for the steps.
 */
import { sql } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Handler } from '../../contract/types.ts';
import { currentPeriod } from '../../domain/network/period.ts';
import { ACTIVE_PV } from '../../domain/network/ranks.ts';
import { notFound } from '../../http/errors.ts';

type FirstSteps = components['schemas']['FirstSteps'];

/** Orders that never went ahead: they do not count as a first order. */
const NOT_ORDERED = ['rejected', 'cancelled_by_distributor', 'cancelled_by_warehouse'] as const;

export const getFirstSteps: Handler<'getFirstSteps'> = async ({ db, user, config }) => {
  const period = currentPeriod(new Date(), config.periodTimeZone);
  const me = await db
    .selectFrom('users as u')
    .leftJoin('users as s', 's.id', 'u.sponsor_id')
    .where('u.id', '=', user.userId)
    .select((eb) => [
      'u.signing_date',
      'u.alias',
      'u.email_confirmed',
      's.id as sponsor_id',
      's.full_name as sponsor_name',
      's.prn as sponsor_prn',
      's.email as sponsor_email',
      's.phone as sponsor_phone',
      's.city as sponsor_city',
      eb
        .exists(
          eb
            .selectFrom('orders as o')
            .whereRef('o.user_id', '=', 'u.id')
            .where('o.status', 'not in', NOT_ORDERED)
            .select(sql.lit(1).as('one')),
        )
        .as('ordered'),
      eb
        .selectFrom('monthly_volumes as m')
        .whereRef('m.user_id', '=', 'u.id')
        .where('m.month', '=', period.start)
        .select('m.pv')
        .as('pv'),
      eb
        .selectFrom('users as c')
        .whereRef('c.sponsor_id', '=', 'u.id')
        .where('c.is_partner', '=', true)
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .as('recruits'),
      eb
        .selectFrom('clients as k')
        .whereRef('k.owner_id', '=', 'u.id')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .as('clients'),
    ])
    .executeTakeFirst();
  if (me === undefined) throw notFound();
  return {
    signingDate: me.signing_date,
    sponsor:
      me.sponsor_id === null || me.sponsor_name === null || me.sponsor_email === null
        ? null
        : {
            fullName: me.sponsor_name,
            prn: me.sponsor_prn,
            email: me.sponsor_email,
            phone: me.sponsor_phone,
            city: me.sponsor_city,
          },
    alias: me.alias,
    emailConfirmed: me.email_confirmed,
    ordered: Boolean(me.ordered),
    active: Number(me.pv ?? 0) >= ACTIVE_PV,
    recruits: Number(me.recruits ?? 0),
    clients: Number(me.clients ?? 0),
  } satisfies FirstSteps;
};
