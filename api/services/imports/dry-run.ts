import { ownValue } from "#domain/lookup.ts";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { BUILT_IN_PRESETS, mappingProblems, mappingSchema, missingColumns, type ImportMapping, type ImportMappingInput } from "#domain/imports/mapping.ts";
import { fingerprint, mapRow, type ImportedStatus, type RowContext } from "#domain/imports/rows.ts";
import { todayIn } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import { importPresets, importedReservations, reservationImportRows, reservationImports, roomCategories } from "#api/db/schema/index.ts";
import { HttpError, conflict, notFound } from "#api/errors.ts";
import { unnestColumns } from "#api/db/query.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";

/** The dry run's counts (and the job's, once it ran). */
export interface DryRunCounts {
  add: number;
  update: number;
  unchanged: number;
  skip: number;
  doubtful: number;
}

const PAGE = 2000;

export async function importOf(ctx: Pick<BookingContext, "db" | "business">, importId: string) {
  const [row] = await ctx.db
    .select()
    .from(reservationImports)
    .where(and(eq(reservationImports.id, importId), eq(reservationImports.businessId, ctx.business.id)));
  if (!row || row.status === "uploading") throw notFound("imports:api.notFound");
  return row;
}

/** Translated names of Tarifa's own statuses, so its exports read back. */
export function exportStatuses(t: TFunction): Record<string, ImportedStatus> {
  const of = (s: string) => t(`bookings:status.${s}`).toLowerCase();
  return {
    [of("pending")]: "booked",
    [of("confirmed")]: "booked",
    [of("checked_in")]: "booked",
    [of("checked_out")]: "booked",
    [of("cancelled")]: "cancelled",
    [of("no_show")]: "no_show",
  };
}

/** A built-in preset with its columns as the caller's language writes them (Tarifa's export has translated headers). */
export function builtInPreset(t: TFunction, name: string): ImportMappingInput | null {
  const preset = ownValue(BUILT_IN_PRESETS, name);
  if (!preset) return null;
  if (name !== "tarifa-export") return { ...preset };
  const header = (key: string | undefined) => (key ? t(`bookings:csv.${key}`) : undefined);
  return {
    ...preset,
    external_id: header(preset.external_id),
    status: header(preset.status),
    booked_at: header(preset.booked_at),
    cancelled_at: undefined,
    arrival: header(preset.arrival),
    departure: header(preset.departure),
    room_type: header(preset.room_type)!,
    adults: header(preset.adults),
    children: preset.children?.map((c) => header(c)!),
    revenue: header(preset.revenue),
    currency: header(preset.currency),
    channel: header(preset.channel),
    guest_name: header(preset.guest_name),
  };
}

/** Every preset the business can pick: the built-in ones, then its own. */
export async function presetsOf(ctx: Pick<BookingContext, "db" | "business" | "t">) {
  const own = await ctx.db.select().from(importPresets).where(eq(importPresets.businessId, ctx.business.id)).orderBy(asc(importPresets.name));
  return [
    ...Object.keys(BUILT_IN_PRESETS).map((name) => ({ name, built_in: true, mapping: builtInPreset(ctx.t, name)! })),
    ...own.map((p) => ({ name: p.name, built_in: false, mapping: p.mapping as ImportMappingInput })),
  ];
}

/** Checks a mapping against the file and the business: every problem a field error, nothing run. */
async function checkMapping(ctx: BookingContext, mapping: ImportMapping, header: readonly string[]) {
  const errors: Record<string, string[]> = {};
  for (const problem of mappingProblems(mapping)) errors[`mapping.${problem}`] = [ctx.t(`imports:mapping.required.${problem}`)];
  const missing = missingColumns(mapping, header);
  if (missing.length) errors["mapping.columns"] = [ctx.t("imports:mapping.missingColumns", { columns: missing.join(", ") })];
  const categoryIds = [...new Set(Object.values(mapping.room_types))];
  if (categoryIds.length) {
    const found = await ctx.db
      .select({ id: roomCategories.id })
      .from(roomCategories)
      .where(and(eq(roomCategories.businessId, ctx.business.id), inArray(roomCategories.id, categoryIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)))));
    if (found.length !== categoryIds.length) errors["mapping.room_types"] = [ctx.t("imports:mapping.unknownCategory")];
  }
  if (Object.keys(errors).length) throw new HttpError(422, "api.invalid", errors);
}

/** Rows of an import in line order, `page` at a time, as header → cell objects. */
export async function* stagedRows(db: Database, importId: string, header: readonly string[], fromLine = 0, page = PAGE) {
  let after = fromLine;
  for (;;) {
    const rows = await db
      .select()
      .from(reservationImportRows)
      .where(and(eq(reservationImportRows.importId, importId), gt(reservationImportRows.line, after)))
      .orderBy(asc(reservationImportRows.line))
      .limit(page);
    if (rows.length === 0) return;
    for (const row of rows) yield { line: row.line, key: row.key, outcome: row.outcome, problem: row.problem, cells: Object.fromEntries(header.map((h, i) => [h, row.cells[i] ?? ""])) };
    after = rows[rows.length - 1]!.line;
  }
}

export function rowContext(ctx: Pick<BookingContext, "business" | "now" | "t">, mapping: ImportMapping): RowContext {
  return { mapping, today: todayIn(ctx.business.timezone, ctx.now), statuses: exportStatuses(ctx.t), seen: new Map() };
}

/**
 * PUT /imports/{id}/mapping: checks the mapping, then reads every row as the import would and
 * records, per row, its stable key and what the import would do (add, update, unchanged, skip
 * with the reason; doubts beside), plus the counts. Writes nothing but the import's own rows;
 * `preset_name` also saves the mapping as one of the business's presets.
 */
export async function dryRun(ctx: BookingContext, importId: string, input: { mapping: ImportMappingInput; preset_name?: string }): Promise<DryRunCounts> {
  const imp = await importOf(ctx, importId);
  if (imp.status !== "uploaded") throw conflict("imports:api.alreadyRun");
  const mapping = mappingSchema.parse(input.mapping);
  await checkMapping(ctx, mapping, imp.header);

  const existing = new Map(
    (await ctx.db.select({ key: importedReservations.externalKey, fingerprint: importedReservations.fingerprint }).from(importedReservations).where(eq(importedReservations.businessId, ctx.business.id))).map((r) => [r.key, r.fingerprint]),
  );
  const counts: DryRunCounts = { add: 0, update: 0, unchanged: 0, skip: 0, doubtful: 0 };
  const rowCtx = rowContext(ctx, mapping);
  let pending: { line: number; key: string | null; outcome: string; problem: string | null }[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const column = (type: string, value: (p: (typeof pending)[number]) => unknown) => [type, pending.map(value)] as const;
    await ctx.db.execute(sql`update reservation_import_rows r set key = v.key, outcome = v.outcome, problem = v.problem
      from ${unnestColumns([column("int", (p) => p.line), column("text", (p) => p.key), column("text", (p) => p.outcome), column("text", (p) => p.problem)])} as v(line, key, outcome, problem)
      where r.import_id = ${importId}::uuid and r.line = v.line`);
    pending = [];
  };
  for await (const row of stagedRows(ctx.db, importId, imp.header)) {
    const result = mapRow(row.cells, rowCtx);
    if (!result.ok) {
      counts.skip++;
      pending.push({ line: row.line, key: null, outcome: "skip", problem: result.reason });
    } else {
      const { stay } = result;
      const before = existing.get(stay.key);
      const now = fingerprint(stay);
      const outcome = before === undefined ? "add" : before === now ? "unchanged" : "update";
      counts[outcome]++;
      existing.set(stay.key, now);
      if (stay.doubts.length) counts.doubtful++;
      pending.push({ line: row.line, key: stay.key, outcome, problem: stay.doubts.join(",") || null });
    }
    if (pending.length >= PAGE) await flush();
  }
  await flush();
  await ctx.db.update(reservationImports).set({ mapping: mapping as unknown as Record<string, unknown>, dryRun: { ...counts } }).where(eq(reservationImports.id, importId));
  const presetName = input.preset_name?.trim();
  if (presetName) {
    await ctx.db.execute(sql`insert into import_presets (business_id, name, mapping)
      values (${ctx.business.id}::uuid, ${presetName.slice(0, 80)}, ${JSON.stringify(mapping)}::jsonb)
      on conflict (business_id, lower(name)) do update set mapping = excluded.mapping`);
  }
  return counts;
}
