/**
 * A full upload (`СодержитТолькоИзменения="false"`) says "this is everything": the products it did not name are no
 * longer sold. They are deactivated — hidden from the catalogue, with the reason bags and wishlists show — and
 * never deleted: orders, history and statements keep them (docs/adr/0093-full-and-partial-uploads.md).
 *
 * Only within what the upload covers: the groups its classifier describes and the groups of the products it names.
 * A full upload of one group (1C set to export a selection) leaves every other group alone — the failure the
 * Bitrix and WooCommerce trackers know as "a full upload of one group trashed the rest". A product the portal has
 * that 1C never named (`onec_id` null) is the portal's own and never deactivated by 1C.
 *
 * When: at the end of a full catalogue file in the 2.x protocol (one file holds the catalogue); for the 3.x
 * protocol, whose catalogue may come in several packages, at `mode=deactivate` or `mode=complete`.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import type { Dictionary } from './dictionary.ts';

export interface DeactivationScope {
  /** every product 1C named before (a full upload that describes no group at all) */
  all: boolean;
  groups: string[];
}

/** The products a full catalogue upload covers, from what the run's files described. */
export function catalogueScope(dictionary: Dictionary): DeactivationScope {
  const groups = [...new Set([...dictionary.classifierGroups, ...dictionary.catalogueGroups])];
  return { all: groups.length === 0, groups };
}

/** Deactivates the products in `scope` that this run did not name; answers how many. */
export async function deactivateUnnamed(
  trx: Transaction<DB>,
  runId: number,
  scope: DeactivationScope,
  now: Date,
): Promise<number> {
  const inScope = scope.all ? sql`true` : sql`onec_group_id in (${sql.join(scope.groups)})`;
  const result = await sql<{ id: number }>`
    update products set is_active = false, inactive_reason = 'absent_from_full_upload', updated_at = ${now}
    where onec_id is not null
      and is_active
      and onec_seen_run is distinct from ${runId}
      and ${inScope}
    returning id`.execute(trx);
  return result.rows.length;
}
