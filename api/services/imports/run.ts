import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { addDays, stayNights, todayIn } from "#domain/bookings/stay.ts";
import { mappingSchema } from "#domain/imports/mapping.ts";
import { fingerprint, mapRow, type ImportedStay } from "#domain/imports/rows.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, importedReservations, reservationImports, reservationNights } from "#api/db/schema/index.ts";
import { conflict } from "#api/errors.ts";
import { logger } from "#api/logger.ts";
import { inTransaction, rowsOf, unnestColumns } from "#api/db/query.ts";
import { occupancyChanged } from "#api/services/bookings/hooks.ts";
import { applyBusinessEvent } from "#api/services/business-status.ts";
import { markNightsChanged } from "#api/services/outbox/nights-changed.ts";
import type { JobQueue } from "#api/services/queue/queue.ts";
import { runningQueue } from "#api/services/queue/queue.ts";
import type { BookingContext } from "#api/services/bookings/context.ts";
import { historyChanged } from "#api/services/forecast/refresh.ts";
import { importOf, stagedRows } from "./dry-run.ts";
import { newCodes } from "#api/services/bookings/codes.ts";

/**
 * The import job (issue #25, ADR 0038). Each chunk of rows is one transaction that writes its
 * reservations, their nights and inventory, and moves the import's cursor (`done`): a crash
 * loses at most the chunk in hand, and the next run starts after the last committed one. A row
 * whose stable key was imported before is left alone when nothing changed and updated when it
 * did, so the same file twice changes nothing. Past stays fill the history as the hotel lived
 * it; a future stay must fit the category's rooms on every night (sold + blocked, the rule of
 * every booking) or it is listed as unplaced. The channels get one push at the end.
 */
export const IMPORT_JOB = "imports.run";
const CHUNK = 500;

interface Planned {
  line: number;
  stay: ImportedStay;
  /** The stay's nights (stayNights), computed once. */
  nights: string[];
  fingerprint: string;
  /** The reservation this row imported before (an update), with its holding nights. */
  previous?: { reservationId: string; nights: { categoryId: string; night: string }[] };
}

const pairKey = (categoryId: string, night: string) => `${categoryId}|${night}`;
const holds = (stay: ImportedStay) => stay.status === "booked";

/** POST /imports/{id}/run: queues the import once its dry run is done. */
export async function queueImport(ctx: BookingContext, importId: string): Promise<void> {
  const imp = await importOf(ctx, importId);
  if (imp.status !== "uploaded" || !imp.mapping || !imp.dryRun) throw conflict(imp.status === "uploaded" ? "imports:api.dryRunFirst" : "imports:api.alreadyRun");
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await tx.update(reservationImports).set({ status: "queued" }).where(eq(reservationImports.id, importId));
    await runningQueue()?.sendWithin(tx, IMPORT_JOB, { importId });
  });
}

/** Imports still to finish after a restart get their job again (a second one is harmless: chunks lock the import). */
export async function resumeImports(db: Database, queue: JobQueue): Promise<number> {
  const waiting = await db.select({ id: reservationImports.id }).from(reservationImports).where(inArray(reservationImports.status, ["queued", "running"]));
  for (const w of waiting) await queue.send(IMPORT_JOB, { importId: w.id }, { singletonKey: w.id, singletonSeconds: 60 });
  return waiting.length;
}

/**
 * Runs an import to its end (or `maxChunks` chunks, for tests that stop it half-way as a crash
 * would). A failure marks the import failed with its message; the rows it committed stay, and
 * are recognised as unchanged when the file is imported again.
 */
export async function runImport(db: Database, importId: string, options: { now?: () => Date; maxChunks?: number } = {}): Promise<void> {
  const now = options.now ?? (() => new Date());
  try {
    for (let chunk = 0; ; chunk++) {
      if (options.maxChunks !== undefined && chunk >= options.maxChunks) return;
      if (!(await inTransaction(db, (tx) => importChunk(tx, importId, now()), 3))) break;
    }
    await finishImport(db, importId, now());
  } catch (error) {
    logger.error({ msg: "import failed", import_id: importId, err: error });
    const [imp] = await db
      .update(reservationImports)
      .set({ status: "failed", error: String((error as Error).message ?? error).slice(0, 500), finishedAt: now() })
      .where(and(eq(reservationImports.id, importId), inArray(reservationImports.status, ["queued", "running"])))
      .returning({ businessId: reservationImports.businessId });
    if (imp) await settleOnboarding(db, imp.businessId, false, now());
  }
}

async function importChunk(tx: Database, importId: string, now: Date): Promise<boolean> {
  const [imp] = await tx.select().from(reservationImports).where(eq(reservationImports.id, importId)).for("update");
  if (!imp || !["queued", "running"].includes(imp.status) || !imp.mapping) return false;
  const [business] = await tx.select({ id: businesses.id, timezone: businesses.timezone, currency: businesses.currency }).from(businesses).where(eq(businesses.id, imp.businessId));
  const today = todayIn(business!.timezone, now);
  const mapping = mappingSchema.parse(imp.mapping);

  // A chunk holds each booking once: a row whose key it already has ends it, so the next chunk
  // finds that booking as this one wrote it and the later row updates it, as the dry run counted.
  const rows: { line: number; key: string | null; outcome: string | null; problem: string | null; cells: Record<string, string> }[] = [];
  const keysInChunk = new Set<string>();
  for await (const row of stagedRows(tx, importId, imp.header, imp.done, CHUNK)) {
    if (row.key !== null && keysInChunk.has(row.key)) break;
    if (row.key !== null) keysInChunk.add(row.key);
    rows.push(row);
    if (rows.length === CHUNK) break;
  }
  if (rows.length === 0) return false;
  const outcomes: { line: number; outcome: string; problem: string | null }[] = [];
  const mapped: { line: number; stay: ImportedStay }[] = [];
  for (const row of rows) {
    const result = mapRow(row.cells, { mapping, today, seen: new Map() });
    if (!result.ok || !row.key) outcomes.push({ line: row.line, outcome: "skip", problem: result.ok ? "badDate" : result.reason });
    else mapped.push({ line: row.line, stay: { ...result.stay, key: row.key } });
  }

  // What these keys imported before, and the nights those reservations hold.
  const keys = [...new Set(mapped.map((m) => m.stay.key))];
  const known = new Map<string, { reservationId: string; fingerprint: string }>();
  if (keys.length) {
    for (const r of await tx
      .select({ key: importedReservations.externalKey, reservationId: importedReservations.reservationId, fingerprint: importedReservations.fingerprint })
      .from(importedReservations)
      .where(and(eq(importedReservations.businessId, imp.businessId), inArray(importedReservations.externalKey, keys))))
      known.set(r.key, r);
  }
  const planned: Planned[] = [];
  let unchanged = 0;
  for (const m of mapped) {
    const fp = fingerprint(m.stay);
    const before = known.get(m.stay.key);
    if (before && before.fingerprint === fp) {
      unchanged++;
      outcomes.push({ line: m.line, outcome: "unchanged", problem: null });
      continue;
    }
    const nights = stayNights(m.stay.arrival, m.stay.departure);
    planned.push({ line: m.line, stay: m.stay, nights, fingerprint: fp, previous: before && { reservationId: before.reservationId, nights: [] } });
  }
  const previousIds = planned.flatMap((p) => (p.previous ? [p.previous.reservationId] : []));
  if (previousIds.length) {
    const nights = await tx
      .select({ reservationId: reservationNights.reservationId, categoryId: reservationNights.categoryId, night: reservationNights.night })
      .from(reservationNights)
      .where(and(inArray(reservationNights.reservationId, previousIds), eq(reservationNights.holds, true)));
    const held = new Map<string, typeof nights>();
    for (const n of nights) {
      const list = held.get(n.reservationId);
      if (list) list.push(n);
      else held.set(n.reservationId, [n]);
    }
    for (const p of planned) if (p.previous) p.previous.nights = held.get(p.previous.reservationId) ?? [];
  }

  const accepted = await fitFutureStays(tx, imp.businessId, planned, today, outcomes);
  await writeStays(tx, imp.businessId, importId, business!.currency, accepted, today);

  const deltas = new Map<string, number>();
  const bump = (categoryId: string, night: string, by: number) => deltas.set(pairKey(categoryId, night), (deltas.get(pairKey(categoryId, night)) ?? 0) + by);
  let futureFrom = imp.futureFrom;
  let futureTo = imp.futureTo;
  for (const p of accepted) {
    for (const n of p.previous?.nights ?? []) bump(n.categoryId, n.night, -1);
    if (holds(p.stay)) for (const night of p.nights) bump(p.stay.categoryId, night, 1);
    for (const night of [...p.nights, ...(p.previous?.nights.map((n) => n.night) ?? [])]) {
      if (night < today) continue;
      if (!futureFrom || night < futureFrom) futureFrom = night;
      if (!futureTo || night > futureTo) futureTo = night;
    }
    outcomes.push({ line: p.line, outcome: p.previous ? "update" : "add", problem: p.stay.doubts.join(",") || null });
  }
  const changes = [...deltas].filter(([, by]) => by !== 0).map(([k, by]) => [...k.split("|"), by] as const);
  if (changes.length) {
    const columns = () => unnestColumns([["uuid", changes.map((c) => c[0])], ["date", changes.map((c) => c[1])], ["int", changes.map((c) => c[2])]]);
    // Rows first, then the deltas: an insert's proposed row is checked (sold >= 0) before ON
    // CONFLICT turns it into an update, so a negative delta (an update giving nights back) must not be one.
    await tx.execute(sql`insert into inventory_nights (category_id, night, business_id)
      select v.category_id, v.night, ${imp.businessId}::uuid from ${columns()} as v(category_id, night, sold)
      order by v.category_id, v.night
      on conflict (category_id, night) do nothing`);
    await tx.execute(sql`update inventory_nights i set sold = i.sold + v.sold
      from ${columns()} as v(category_id, night, sold) where i.category_id = v.category_id and i.night = v.night`);
  }

  // Each row's outcome where it is not what the dry run already wrote (most rows: add, add).
  const staged = new Map(rows.map((r) => [r.line, r]));
  const moved = outcomes.filter((o) => staged.get(o.line)?.outcome !== o.outcome || staged.get(o.line)?.problem !== o.problem);
  if (moved.length) {
    await tx.execute(sql`update reservation_import_rows r set outcome = v.outcome, problem = v.problem
      from ${unnestColumns([["int", moved.map((o) => o.line)], ["text", moved.map((o) => o.outcome)], ["text", moved.map((o) => o.problem)]])} as v(line, outcome, problem)
      where r.import_id = ${importId}::uuid and r.line = v.line`);
  }
  const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length;
  await tx
    .update(reservationImports)
    .set({
      status: "running",
      startedAt: imp.startedAt ?? now,
      done: rows[rows.length - 1]!.line,
      added: imp.added + count("add"),
      updated: imp.updated + count("update"),
      unchanged: imp.unchanged + unchanged,
      skipped: imp.skipped + count("skip"),
      unplaced: imp.unplaced + count("unplaced"),
      futureFrom,
      futureTo,
    })
    .where(eq(reservationImports.id, importId));
  return true;
}

/**
 * Future stays in file order, each taking its nights only if every one of them still has a room
 * in the category (sold + blocked below the rooms), with the (category, night) rows locked in the
 * order every booking locks them. An updated stay first gives back the nights it held. Past
 * nights are history: they are counted, never refused.
 */
async function fitFutureStays(tx: Database, businessId: string, planned: Planned[], today: string, outcomes: { line: number; outcome: string; problem: string | null }[]): Promise<Planned[]> {
  const future = (p: Planned) => (holds(p.stay) ? p.nights.filter((n) => n >= today) : []);
  const pairs = new Map<string, { categoryId: string; night: string }>();
  for (const p of planned) for (const night of future(p)) pairs.set(pairKey(p.stay.categoryId, night), { categoryId: p.stay.categoryId, night });
  if (pairs.size === 0) return planned;
  const sorted = [...pairs.values()].sort((a, b) => (a.categoryId === b.categoryId ? a.night.localeCompare(b.night) : a.categoryId.localeCompare(b.categoryId)));
  const values = sql.join(
    sorted.map((p) => sql`(${p.categoryId}::uuid, ${p.night}::date)`),
    sql`, `,
  );
  await tx.execute(sql`insert into inventory_nights (category_id, night, business_id)
    select v.category_id, v.night, ${businessId}::uuid from (values ${values}) as v(category_id, night) order by 1, 2 on conflict do nothing`);
  const locked = await rowsOf<{ category_id: string; night: string; sold: number; blocked: number; rooms: number }>(
    tx,
    sql`select i.category_id, to_char(i.night, 'YYYY-MM-DD') as night, i.sold, i.blocked, c.room_count as rooms
        from inventory_nights i join (values ${values}) as v(category_id, night) on i.category_id = v.category_id and i.night = v.night
        join room_categories c on c.id = i.category_id
        order by i.category_id, i.night for update of i`,
  );
  const taken = new Map(locked.map((r) => [pairKey(r.category_id, r.night), Number(r.sold) + Number(r.blocked)]));
  const rooms = new Map(locked.map((r) => [r.category_id, Number(r.rooms)]));
  const accepted: Planned[] = [];
  for (const p of planned) {
    const giveBack = (p.previous?.nights ?? []).filter((n) => n.night >= today && taken.has(pairKey(n.categoryId, n.night)));
    for (const n of giveBack) taken.set(pairKey(n.categoryId, n.night), taken.get(pairKey(n.categoryId, n.night))! - 1);
    const nights = future(p);
    if (nights.every((night) => taken.get(pairKey(p.stay.categoryId, night))! + 1 <= rooms.get(p.stay.categoryId)!)) {
      for (const night of nights) taken.set(pairKey(p.stay.categoryId, night), taken.get(pairKey(p.stay.categoryId, night))! + 1);
      accepted.push(p);
    } else {
      for (const n of giveBack) taken.set(pairKey(n.categoryId, n.night), taken.get(pairKey(n.categoryId, n.night))! + 1);
      outcomes.push({ line: p.line, outcome: "unplaced", problem: "noRoom" });
    }
  }
  return accepted;
}

/** Each night's rate: the total split evenly, the cents left over on the first nights. */
export function nightRates(total: number, nights: number): number[] {
  const base = Math.floor(total / nights);
  return Array.from({ length: nights }, (_, i) => base + (i < total - base * nights ? 1 : 0));
}

async function writeStays(tx: Database, businessId: string, importId: string, currency: string, accepted: Planned[], today: string): Promise<void> {
  if (accepted.length === 0) return;
  const at = (day: string) => `${day}T12:00:00Z`;
  const statusOf = (stay: ImportedStay) => (stay.status === "booked" ? (stay.departure <= today ? "checked_out" : "confirmed") : stay.status);
  // The columns an imported stay sets, one array each (unnestColumns), in the order of RESERVATION_COLUMNS.
  const stayColumns = (stays: Planned[]) => {
    const column = <T>(type: string, value: (p: Planned) => T) => [type, stays.map(value)] as const;
    return [
      column("text", (p) => statusOf(p.stay)),
      column("date", (p) => p.stay.arrival),
      column("date", (p) => p.stay.departure),
      column("uuid", (p) => p.stay.categoryId),
      column("int", (p) => p.stay.adults),
      column("int", (p) => p.stay.children),
      column("int", (p) => Math.round(p.stay.total / p.nights.length)),
      column("int", (p) => p.stay.total),
      column("text", (p) => p.stay.currency ?? currency),
      column("text", (p) => p.stay.channel),
      column("timestamptz", (p) => at(p.stay.bookedOn)),
      column("timestamptz", (p) => (p.stay.cancelledOn ? at(p.stay.cancelledOn) : null)),
      column("timestamptz", (p) => at(p.stay.cancelledOn ?? p.stay.bookedOn)),
    ];
  };
  const added = accepted.filter((p) => !p.previous);
  const updated = accepted.filter((p) => p.previous);
  const ids = new Map<Planned, string>(updated.map((p) => [p, p.previous!.reservationId]));
  if (added.length) {
    const guestIds = added.map(() => randomUUID());
    const reservationIds = added.map(() => randomUUID());
    const codes = await newCodes(tx, businessId, added.length);
    added.forEach((p, i) => ids.set(p, reservationIds[i]!));
    await tx.execute(sql`insert into guests (id, business_id, name, country)
      select v.id, ${businessId}::uuid, v.name, v.country
      from ${unnestColumns([["uuid", guestIds], ["text", added.map((p, i) => p.stay.guestName || codes[i]!)], ["text", added.map((p) => p.stay.country ?? null)]])} as v(id, name, country)`);
    await tx.execute(sql`insert into reservations (id, business_id, code, guest_id, ${RESERVATION_COLUMNS})
      select v.*
      from ${unnestColumns([["uuid", reservationIds], ["uuid", added.map(() => businessId)], ["text", codes], ["uuid", guestIds], ...stayColumns(added)])} as v`);
  }
  if (updated.length) {
    const previous = updated.map((p) => p.previous!.reservationId);
    await tx.execute(sql`update reservations r set (${RESERVATION_COLUMNS}) = (v.status, v.arrival, v.departure, v.category_id, v.adults, v.children,
        v.rate_per_night, v.total, v.currency, v.channel, v.created_at, v.cancelled_at, v.updated_at)
      from ${unnestColumns([["uuid", previous], ...stayColumns(updated)])} as v(id, ${RESERVATION_COLUMNS})
      where r.id = v.id`);
    await tx.execute(sql`delete from reservation_nights where reservation_id = any(${sql.param(previous)}::uuid[])`);
  }
  const nightRows = accepted.flatMap((p) => {
    const rates = nightRates(p.stay.total, p.nights.length);
    return p.nights.map((night, i) => [ids.get(p)!, night, p.stay.categoryId, rates[i]!, holds(p.stay)] as const);
  });
  const nightColumn = (type: string, i: number) => [type, nightRows.map((n) => n[i])] as const;
  await tx.execute(sql`insert into reservation_nights (reservation_id, night, business_id, category_id, rate, holds)
    select v.reservation_id, v.night, ${businessId}::uuid, v.category_id, v.rate, v.holds
    from ${unnestColumns([nightColumn("uuid", 0), nightColumn("date", 1), nightColumn("uuid", 2), nightColumn("int", 3), nightColumn("boolean", 4)])} as v(reservation_id, night, category_id, rate, holds)`);
  await tx.execute(sql`insert into imported_reservations (business_id, external_key, reservation_id, fingerprint, import_id, attributes)
    select ${businessId}::uuid, v.external_key, v.reservation_id, v.fingerprint, ${importId}::uuid, v.attributes::jsonb
    from ${unnestColumns([
      ["text", accepted.map((p) => p.stay.key)],
      ["uuid", accepted.map((p) => ids.get(p)!)],
      ["text", accepted.map((p) => p.fingerprint)],
      ["text", accepted.map((p) => JSON.stringify(attributesOf(p.stay)))],
    ])} as v(external_key, reservation_id, fingerprint, attributes)
    on conflict (business_id, external_key) do update set fingerprint = excluded.fingerprint, attributes = excluded.attributes,
      import_id = excluded.import_id, reservation_id = excluded.reservation_id`);
}

/** The reservation columns an import writes beside its id, business, code and guest (writeStays' stayColumns, in order). */
const RESERVATION_COLUMNS = sql.raw(
  "status, arrival, departure, category_id, adults, children, rate_per_night, total, currency, channel, created_at, cancelled_at, updated_at",
);

function attributesOf(stay: ImportedStay): Record<string, string> {
  const out: Record<string, string> = {};
  if (stay.ratePlan) out.rate_plan = stay.ratePlan;
  if (stay.mealPlan) out.meal_plan = stay.mealPlan;
  return out;
}

/**
 * The end of an import: done, one channel push for every future night it wrote, the pricing
 * told once, and a business that was waiting for its data (DOWNLOADING_DATA) moves on.
 */
async function finishImport(db: Database, importId: string, now: Date): Promise<void> {
  const imp = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [row] = await tx.select().from(reservationImports).where(eq(reservationImports.id, importId)).for("update");
    if (!row || !["queued", "running"].includes(row.status)) return null;
    await tx.update(reservationImports).set({ status: "done", finishedAt: now, startedAt: row.startedAt ?? now }).where(eq(reservationImports.id, importId));
    if (row.futureFrom && row.futureTo) await markNightsChanged(tx, row.businessId, [{ categoryId: null, from: row.futureFrom, to: row.futureTo }], "import");
    return row;
  });
  if (!imp) return;
  if (imp.futureFrom && imp.futureTo) {
    await occupancyChanged(db, imp.businessId, stayNights(imp.futureFrom, addDays(imp.futureTo, 1)), now, imp.createdBy);
  }
  await settleOnboarding(db, imp.businessId, true, now);
  // When the history changed, the forecast (its scorecard and the nights the brain reads) is
  // computed again on the queue, not at the next night and not inside this job: the scorecard
  // holds a process for seconds on a large hotel. An import that wrote no stay with a past night
  // (a PMS sync's new and changed future bookings, every few minutes) leaves it alone.
  if (await wroteHistory(db, imp, now)) await historyChanged(db, imp.businessId, now);
}

/** Whether the import added or changed a stay with a night before the business's today. */
async function wroteHistory(db: Database, imp: { id: string; businessId: string }, now: Date): Promise<boolean> {
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, imp.businessId));
  const rows = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from imported_reservations i join reservations r on r.id = i.reservation_id
        where i.business_id = ${imp.businessId}::uuid and i.import_id = ${imp.id}::uuid and r.arrival < ${todayIn(business!.timezone, now)}::date) as found`,
  );
  return rows[0]?.found === true;
}

/** A business whose onboarding waits for this import (DOWNLOADING_DATA, spec section 4) goes to DATA_LOADED or DOWNLOAD_FAILED. */
async function settleOnboarding(db: Database, businessId: string, ok: boolean, now: Date): Promise<void> {
  const [row] = await db.select({ status: businesses.status }).from(businesses).where(eq(businesses.id, businessId));
  if (row?.status === "DOWNLOADING_DATA") await applyBusinessEvent(db, businessId, { type: ok ? "downloadFinished" : "downloadFailed" }, { now });
}
