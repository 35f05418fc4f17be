/**
 * Applying a chunk of `Каталог/Товары/Товар` (docs/adr/0090-catalogue-from-1c.md):
 *
 * - A product is 1C's `Ид`: found by it (unique: a rerun updates, never duplicates, and ids in old orders stay),
 *   else — the first time 1C names a product the portal already sells — by its SKU (`Артикул`), and adopted.
 * - 1C writes one language: it updates the Russian name and description; the other four stay. A new product
 *   carries the Russian text in every language until it is translated.
 * - A new product needs a SKU (`Артикул`, else 1C's `Код`), a name and a group that maps to a category (else it is
 *   skipped with the reason); it has no price until the offers give one, and a product without a price is not sold.
 * - `Статус="Удален"` / `ПометкаУдаления` deactivate a product; naming it again activates it.
 * - PV from the PV property (comma decimals read), the picture from `import_files/…`.
 *
 * Everything is done set-wise: one statement inserts the chunk's new products, one updates the known ones.
 */
import { sql } from 'kysely';
import type { Category } from '#server/db/reference.ts';
import { splitOnecId, pvPropertyIds, addAll } from './dictionary.ts';
import type { ApplyContext } from './apply-classifier.ts';
import { storeImage } from './images.ts';
import { safeFileName } from './files.ts';
import type { ChunkOutcome, Issue } from './issues.ts';
import { pointsOf } from './numbers.ts';
import type { ProductRecord } from './records.ts';

interface Candidate {
  onecId: string;
  record: ProductRecord;
  sku: string | null;
}

const about = (record: ProductRecord): Pick<Issue, 'onecId' | 'sku' | 'name'> => ({
  onecId: record.id,
  sku: record.sku ?? record.code,
  name: record.name,
});

/** The picture of a product as stored, null when it has none (or it could not be kept: then an issue says why). */
async function pictureOf(
  ctx: ApplyContext,
  record: ProductRecord,
  outcome: ChunkOutcome,
): Promise<string | null> {
  const path = record.images[0];
  if (path === undefined) return null;
  const name = safeFileName(path);
  const bytes = name === null ? null : await ctx.files.read(name, ctx.trx);
  if (bytes === null) {
    outcome.issues.push({ code: 'IMAGE_MISSING', ...about(record), detail: path });
    return null;
  }
  const stored = await storeImage(ctx.trx, bytes);
  if (!stored.ok) {
    outcome.issues.push({ code: 'IMAGE_UNSUPPORTED', ...about(record), detail: `${path}: ${stored.reason}` });
    return null;
  }
  return stored.path;
}

export async function applyProducts(
  ctx: ApplyContext,
  records: readonly ProductRecord[],
  outcome: ChunkOutcome,
): Promise<void> {
  const skip = (code: Issue['code'], record: ProductRecord, detail?: string): void => {
    outcome.skipped += 1;
    outcome.issues.push({ code, ...about(record), detail: detail ?? null });
  };

  // Which records can be applied at all; the last of two with the same Ид wins.
  const byId = new Map<string, Candidate>();
  for (const record of records) {
    if (record.id === null) {
      skip('MISSING_ID', record);
      continue;
    }
    const { productId, characteristic } = splitOnecId(record.id);
    if (characteristic !== null) {
      skip('VARIANT', record, 'the portal sells products without variants (characteristics)');
      continue;
    }
    if (record.service) {
      skip('SERVICE', record);
      continue;
    }
    const earlier = byId.get(productId);
    if (earlier !== undefined) skip('DUPLICATE_IN_FILE', earlier.record);
    byId.set(productId, {
      onecId: productId,
      record,
      sku: (record.sku ?? record.code)?.slice(0, 100) ?? null,
    });
  }
  const candidates = [...byId.values()];
  if (candidates.length === 0) return;

  const onecIds = candidates.map((candidate) => candidate.onecId);
  const skus = candidates.map((candidate) => candidate.sku).filter((sku): sku is string => sku !== null);
  const existing = await ctx.trx
    .selectFrom('products')
    .select(['id', 'onec_id', 'sku', 'is_active'])
    // Array parameters, not one parameter per value: binding and planning 500 of them cost more than the lookup.
    .where(sql<boolean>`onec_id = any(${onecIds}::text[]) or sku = any(${skus}::text[])`)
    .execute();
  const groupIds = [...new Set(candidates.flatMap((candidate) => candidate.record.groupIds))];
  const groups =
    groupIds.length === 0
      ? []
      : await ctx.trx
          .selectFrom('onec_groups')
          .select(['onec_id', 'name', 'category'])
          .where(sql<boolean>`onec_id = any(${groupIds}::text[])`)
          .execute();
  const groupById = new Map(groups.map((group) => [group.onec_id, group]));
  const pvIds = pvPropertyIds(ctx.dictionary, ctx.config);

  const inserts: Array<Record<string, unknown>> = [];
  const updates: Array<Record<string, unknown>> = [];
  const deletions: number[] = [];
  const skusTaken = new Set<string>();
  for (const candidate of candidates) {
    const { record, onecId, sku } = candidate;
    const mine =
      existing.find((row) => row.onec_id === onecId) ??
      existing.find((row) => row.onec_id === null && sku !== null && row.sku === sku);
    if (record.deleted) {
      if (mine === undefined) skip('DELETED_UNKNOWN', record);
      else deletions.push(mine.id);
      continue;
    }
    if (sku !== null) {
      const other = existing.find((row) => row.sku === sku && row.id !== mine?.id);
      if (other !== undefined || skusTaken.has(sku)) {
        skip('DUPLICATE_SKU', record, `another product has the article ${sku}`);
        continue;
      }
    }
    const group = record.groupIds.map((id) => groupById.get(id)).find((found) => found?.category != null);
    const category: Category | null = group?.category ?? null;
    if (mine === undefined) {
      if (sku === null) {
        skip('MISSING_SKU', record);
        continue;
      }
      if (record.name === null) {
        skip('MISSING_NAME', record);
        continue;
      }
      if (category === null) {
        const named = record.groupIds.map((id) => groupById.get(id)?.name ?? id).join(', ');
        skip('UNKNOWN_GROUP', record, named === '' ? 'no group' : named);
        continue;
      }
    }
    const pvValue = record.properties.find(([id]) => pvIds.has(id));
    let points: number | null = null;
    if (pvValue !== undefined) {
      points = pointsOf(pvValue[1]);
      if (points === null && pvValue[1] !== null) {
        outcome.issues.push({ code: 'BAD_NUMBER', ...about(record), detail: `PV "${pvValue[1]}"` });
      }
    }
    if (sku !== null) skusTaken.add(sku);
    const row = {
      onec_id: onecId,
      sku,
      barcode: record.barcode?.slice(0, 100) ?? null,
      name: record.name?.slice(0, 500) ?? null,
      description: record.description?.slice(0, 10_000) ?? null,
      points,
      category,
      image_url: await pictureOf(ctx, record, outcome),
      group_id: record.groupIds[0] ?? null,
    };
    if (mine === undefined) inserts.push({ ...row, n: inserts.length });
    else updates.push({ ...row, id: mine.id });
  }

  if (deletions.length > 0) {
    const gone = await ctx.trx
      .updateTable('products')
      .set({
        is_active: false,
        inactive_reason: 'deleted_in_1c',
        onec_seen_run: ctx.runId,
        updated_at: ctx.now,
      })
      .where(sql<boolean>`id = any(${deletions}::int4[])`)
      .where('is_active', '=', true)
      .returning('id')
      .execute();
    outcome.deactivated += gone.length;
  }
  if (inserts.length > 0) {
    const created = await sql<{ id: number }>`
      insert into products (onec_id, sku, barcode, name, description, price, points, category, image_url,
                            onec_group_id, onec_seen_run, onec_created_run, updated_at)
      select r.onec_id, r.sku, r.barcode,
             jsonb_build_object('ru', r.name, 'en', r.name, 'ro', r.name, 'uk', r.name, 'it', r.name),
             jsonb_build_object('ru', coalesce(r.description, ''), 'en', coalesce(r.description, ''),
                                'ro', coalesce(r.description, ''), 'uk', coalesce(r.description, ''),
                                'it', coalesce(r.description, '')),
             0, coalesce(r.points, 0), r.category, r.image_url, r.group_id, ${ctx.runId}, ${ctx.runId},
             ${ctx.now}
      from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as r(
        onec_id text, sku text, barcode text, name text, description text, points numeric, category text,
        image_url text, group_id text, n int)
      order by r.n
      returning id`.execute(ctx.trx);
    outcome.created += created.rows.length;
  }
  if (updates.length > 0) {
    const json = JSON.stringify(updates);
    const changed = await sql<{ id: number }>`
      update products p set
        onec_id = r.onec_id,
        sku = coalesce(r.sku, p.sku),
        barcode = coalesce(r.barcode, p.barcode),
        name = case when r.name is null then p.name else jsonb_set(p.name, '{ru}', to_jsonb(r.name)) end,
        description = case when r.description is null then p.description
                           else jsonb_set(p.description, '{ru}', to_jsonb(r.description)) end,
        points = coalesce(r.points, p.points),
        category = coalesce(r.category, p.category),
        image_url = coalesce(r.image_url, p.image_url),
        onec_group_id = coalesce(r.group_id, p.onec_group_id),
        is_active = true,
        inactive_reason = null,
        onec_seen_run = ${ctx.runId},
        updated_at = ${ctx.now}
      from jsonb_to_recordset(${json}::jsonb) as r(
        id int, onec_id text, sku text, barcode text, name text, description text, points numeric,
        category text, image_url text, group_id text)
      where p.id = r.id and (
        p.onec_id is distinct from r.onec_id or p.sku is distinct from coalesce(r.sku, p.sku)
        or p.barcode is distinct from coalesce(r.barcode, p.barcode)
        or (r.name is not null and p.name->>'ru' is distinct from r.name)
        or (r.description is not null and p.description->>'ru' is distinct from r.description)
        or p.points is distinct from coalesce(r.points, p.points)
        or p.category is distinct from coalesce(r.category, p.category)
        or p.image_url is distinct from coalesce(r.image_url, p.image_url)
        or p.onec_group_id is distinct from coalesce(r.group_id, p.onec_group_id)
        or not p.is_active)
      returning p.id`.execute(ctx.trx);
    outcome.updated += changed.rows.length;
  }
  // Inserted rows and changed ones carry this run already; only the unchanged ones are marked seen, and only when
  // they are not yet (a rerun's call repeated): each row written once, not twice.
  if (updates.length > 0) {
    await sql`
      update products set onec_seen_run = ${ctx.runId}
      where id = any(${updates.map((row) => row.id as number)}::int4[])
        and onec_seen_run is distinct from ${ctx.runId}`.execute(ctx.trx);
  }
  if (ctx.fullUpload) {
    addAll(
      ctx.dictionary.catalogueGroups,
      candidates.flatMap((candidate) => candidate.record.groupIds.slice(0, 1)),
    );
  }
}
