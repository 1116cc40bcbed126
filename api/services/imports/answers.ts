import { and, asc, desc, eq, sql } from "drizzle-orm";
import { reservationImportRows, reservationImports, users } from "#api/db/schema/index.ts";
import { rowsOf } from "#api/db/query.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import type { ImportJson } from "#contract/imports.ts";
import { importOf } from "./dry-run.ts";

/** Import rows as the JSON answers of contract/imports.ts (docs/api/imports.md). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toJson(row: typeof reservationImports.$inferSelect, user: { id: string; name: string; surname: string | null } | null): ImportJson {
  return {
    uuid: row.id,
    file_name: row.fileName,
    format: row.format as ImportJson["format"],
    delimiter: row.delimiter,
    encoding: row.encoding,
    status: row.status,
    row_count: row.rowCount,
    done: row.done,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    skipped: row.skipped,
    unplaced: row.unplaced,
    dry_run: (row.dryRun as ImportJson["dry_run"]) ?? null,
    created_by: user ? { uuid: user.id, name: [user.name, user.surname].filter(Boolean).join(" ") } : null,
    created_at: row.createdAt.toISOString(),
    finished_at: iso(row.finishedAt),
    error: row.error,
  };
}

const withUser = { row: reservationImports, user: { id: users.id, name: users.name, surname: users.surname } };

export async function listImportJson(ctx: Pick<BookingContext, "db" | "business">): Promise<ImportJson[]> {
  const rows = await ctx.db
    .select(withUser)
    .from(reservationImports)
    .leftJoin(users, eq(users.id, reservationImports.createdBy))
    .where(and(eq(reservationImports.businessId, ctx.business.id), sql`${reservationImports.status} <> 'uploading'`))
    .orderBy(desc(reservationImports.createdAt))
    .limit(100);
  return rows.map((r) => toJson(r.row, r.user));
}

export async function importDetailJson(ctx: Pick<BookingContext, "db" | "business">, importId: string) {
  const imp = await importOf(ctx, importId);
  const [user] = imp.createdBy ? await ctx.db.select(withUser.user).from(users).where(eq(users.id, imp.createdBy)) : [];
  const preview = await ctx.db
    .select({ cells: reservationImportRows.cells })
    .from(reservationImportRows)
    .where(eq(reservationImportRows.importId, importId))
    .orderBy(asc(reservationImportRows.line))
    .limit(10);
  return { import: toJson(imp, user ?? null), header: imp.header, preview: preview.map((p) => p.cells), mapping: imp.mapping ?? null };
}

/** The distinct values of one column (room types, channels…) with their row counts, for the mapping tables. */
export async function columnValues(ctx: Pick<BookingContext, "db" | "business">, importId: string, column: string) {
  const imp = await importOf(ctx, importId);
  const index = imp.header.indexOf(column);
  if (index < 0) return [];
  const rows = await rowsOf<{ value: string; rows: number }>(
    ctx.db,
    sql`select coalesce(cells->>${index}::int, '') as value, count(*)::int as rows from reservation_import_rows
        where import_id = ${importId}::uuid group by 1 order by 2 desc, 1 limit 200`,
  );
  return rows.map((r) => ({ value: r.value, rows: Number(r.rows) }));
}

/**
 * The rows to look at, as CSV lines: before the run, the dry run's skipped and doubtful rows;
 * after it, also the future stays that found no room. Each with its line, outcome, reason and
 * the row as the file had it.
 */
export async function* problemRows(ctx: Pick<BookingContext, "db" | "business">, importId: string) {
  const imp = await importOf(ctx, importId);
  yield ["line", "outcome", "reason", ...imp.header];
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .select()
      .from(reservationImportRows)
      .where(and(eq(reservationImportRows.importId, importId), sql`${reservationImportRows.line} > ${after}`, sql`(${reservationImportRows.outcome} in ('skip', 'unplaced') or ${reservationImportRows.problem} is not null)`))
      .orderBy(asc(reservationImportRows.line))
      .limit(2000);
    if (page.length === 0) return;
    for (const r of page) yield [String(r.line), r.outcome ?? "", r.problem ?? "", ...r.cells];
    after = page[page.length - 1]!.line;
  }
}
