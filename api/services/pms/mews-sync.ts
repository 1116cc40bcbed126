import { and, eq, isNull, sql } from "drizzle-orm";
import { getConfig } from "#config";
import { CHANNELS } from "#domain/schemas/bookings.ts";
import { todayIn } from "#domain/bookings/stay.ts";
import { mappingSchema, type ImportMappingInput } from "#domain/imports/mapping.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, mewsConnections, reservationImportRows, reservationImports, roomCategories } from "#api/db/schema/index.ts";
import { rowsOf } from "#api/db/query.ts";
import { logger } from "#api/logger.ts";
import { applyBusinessEvent } from "#api/services/business-status.ts";
import { runImport } from "#api/services/imports/run.ts";
import { notify } from "#api/services/notifications/notify.ts";
import { openRecord } from "#api/services/secrets.ts";
import { MEWS_MAX_IDS, MewsError, mewsClient, windows, type MewsClient, type MewsReservation, type MewsResourceCategory, type MewsState } from "./mews-client.ts";
import { pushMewsPrices } from "./mews-prices.ts";

/**
 * The Mews sync (issue 25 point 3, ADR 0049, docs/mews.md). The first pull reads every
 * reservation whose stay starts from three years back to two years ahead, in windows of the
 * documented "max length 3 months" (`ScheduledStartUtc`); every later pull asks only for what
 * was updated since the last one (`UpdatedUtc`, from the last pull's Mews clock, a few minutes
 * overlapped). The reservations become rows of a reservation import and go through the import's
 * dry run and writer (services/imports/), so a Mews booking is written exactly like a booking
 * of a file: booking and cancellation dates kept for "as of" history, future stays fitted to the
 * rooms, one channel push at the end, the same reservation updated (not added again) when Mews
 * changes it. A failure is recorded on the connection and told to the owner once per outage.
 */
export const MEWS_SYNC_JOB = "pms.mews.sync";
const HISTORY_DAYS = 3 * 365;
/** The import takes stays up to two years ahead (domain/imports/rows.ts). */
const FUTURE_DAYS = 730;
/** Each pull by update time starts this much before the last one ended (a write in flight at its clock). */
const OVERLAP_MS = 5 * 60_000;
/**
 * States read. Confirmed, Started (checked in) and Processed (checked out) are bookings; Optional
 * holds a room for the guest, so it counts as one too; Canceled is a cancellation (a no-show when
 * its reason says NoShow). Inquired and Requested (a waitlist) hold nothing and are not read.
 */
export const MEWS_READ_STATES: readonly MewsState[] = ["Confirmed", "Started", "Processed", "Canceled", "Optional"];

/** The staged columns (the import's "file" for a Mews pull). */
export const MEWS_COLUMNS = ["id", "status", "booked_at", "cancelled_at", "arrival", "departure", "category", "adults", "children", "revenue", "currency", "channel", "rate_plan"] as const;

const MAPPING: Omit<ImportMappingInput, "room_types"> = {
  external_id: "id",
  status: "status",
  booked_at: "booked_at",
  cancelled_at: "cancelled_at",
  arrival: "arrival",
  departure: "departure",
  room_type: "category",
  adults: "adults",
  children: ["children"],
  revenue: "revenue",
  currency: "currency",
  channel: "channel",
  rate_plan: "rate_plan",
  date_order: "ymd",
  decimal: ".",
  channels: Object.fromEntries(CHANNELS.map((c) => [c, c])),
};

export interface MewsSyncResult {
  ok: boolean;
  /** Reservations read from Mews in this pull. */
  read: number;
  importId: string | null;
  error?: string;
}

/** The client for a business's sealed AccessToken and Tarifa's ClientToken (configuration). */
export function mewsClientFor(credentials: Record<string, string>): MewsClient {
  const config = getConfig();
  if (!config.MEWS_CLIENT_TOKEN) throw new MewsError(0, "MEWS_CLIENT_TOKEN is not configured");
  return mewsClient({ platformAddress: config.MEWS_API_URL, clientToken: config.MEWS_CLIENT_TOKEN, accessToken: credentials.access_token ?? "" });
}

/** Whether Mews takes the credentials (configuration/get answers): the onboarding's verify step. */
export async function verifyMews(credentials: Record<string, string>, client?: MewsClient): Promise<boolean> {
  try {
    await (client ?? mewsClientFor(credentials)).configuration();
    return true;
  } catch (error) {
    logger.info({ msg: "mews credentials refused", err: (error as Error).message });
    return false;
  }
}

/** Businesses connected to Mews whose PMS is still Mews (one that chose another PMS stops syncing). */
export async function mewsBusinesses(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ business_id: string }>(
    db,
    sql`select m.business_id from mews_connections m join businesses b on b.id = m.business_id join pms_systems p on p.id = b.pms_id where p.settings->>'kind' = 'mews'`,
  );
  return rows.map((r) => r.business_id);
}

/** Remembers the business as connected to Mews (its sync job then runs on the schedule). */
export async function ensureMewsConnection(db: Database, businessId: string): Promise<void> {
  await db.insert(mewsConnections).values({ businessId }).onConflictDoNothing();
}

const normalName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();

/** Mews resource category → Tarifa room category, by any of the category's names (nothing created silently). */
export function matchCategories(mews: readonly MewsResourceCategory[], tarifa: readonly { id: string; name: string }[]): Record<string, string> {
  const byName = new Map(tarifa.map((c) => [normalName(c.name), c.id]));
  const out: Record<string, string> = {};
  for (const category of mews) {
    const names = [...Object.values(category.Names ?? {}), ...Object.values(category.ShortNames ?? {})];
    const match = names.map((n) => byName.get(normalName(n))).find(Boolean);
    if (match) out[category.Id] = match;
  }
  return out;
}

/** The sales channel of a Mews reservation's origin (Service order origin, Commander origin). */
export function channelOf(reservation: Pick<MewsReservation, "Origin" | "CommanderOrigin">): string {
  if (reservation.Origin === "Commander") {
    if (reservation.CommanderOrigin === "Phone") return "phone";
    if (reservation.CommanderOrigin === "InPerson") return "walk_in";
    if (reservation.CommanderOrigin === "Channel") return "other";
    return "direct";
  }
  if (reservation.Origin === "Distributor") return "direct";
  return "other";
}

function statusOf(reservation: MewsReservation): string {
  if (reservation.State === "Canceled") return reservation.CancellationReason === "NoShow" ? "no_show" : "cancelled";
  return "booked";
}

/** One staged row per reservation, dates in the hotel's time zone, money as the enterprise prices it (Gross or Net). */
export function stagedCells(
  reservation: MewsReservation,
  context: { timeZone: string; adultAgeIds: ReadonlySet<string>; revenue: { total: number; currency: string } | undefined; currency: string; rateNames: ReadonlyMap<string, string> },
): string[] {
  const day = (utc: string | null) => (utc ? todayIn(context.timeZone, new Date(utc)) : "");
  let adults = 0;
  let children = 0;
  for (const p of reservation.PersonCounts ?? []) {
    if (context.adultAgeIds.has(p.AgeCategoryId)) adults += p.Count;
    else children += p.Count;
  }
  const cells: Record<(typeof MEWS_COLUMNS)[number], string> = {
    id: `mews:${reservation.Id}`,
    status: statusOf(reservation),
    booked_at: day(reservation.CreatedUtc),
    cancelled_at: reservation.State === "Canceled" ? day(reservation.CancelledUtc ?? reservation.UpdatedUtc) : "",
    arrival: day(reservation.ScheduledStartUtc),
    departure: day(reservation.ScheduledEndUtc),
    category: reservation.RequestedResourceCategoryId,
    adults: String(adults),
    children: String(children),
    revenue: (context.revenue?.total ?? 0).toFixed(2),
    currency: context.revenue?.currency ?? context.currency,
    channel: channelOf(reservation),
    rate_plan: context.rateNames.get(reservation.RateId) ?? "",
  };
  return MEWS_COLUMNS.map((c) => cells[c]);
}

const nameOf = (names: Record<string, string> | undefined) => Object.values(names ?? {})[0] ?? "";

/**
 * One pull for one business: what Mews has (first pull) or what changed since the last pull,
 * imported; then Tarifa's prices pushed. Never throws for Mews's or the import's failures: they
 * are recorded, told once, and a business waiting for its data moves to DOWNLOAD_FAILED.
 */
export async function syncMews(db: Database, businessId: string, options: { now?: () => Date; client?: MewsClient } = {}): Promise<MewsSyncResult> {
  const now = options.now ?? (() => new Date());
  const [row] = await db.select({ business: businesses, connection: mewsConnections }).from(businesses).leftJoin(mewsConnections, eq(mewsConnections.businessId, businesses.id)).where(eq(businesses.id, businessId));
  if (!row?.connection) return { ok: false, read: 0, importId: null, error: "not connected to Mews" };
  const { business, connection } = row;
  let importId: string | null = null;
  try {
    const client = options.client ?? mewsClientFor(openRecord(business.pmsCredentials) ?? {});
    const configuration = await client.configuration();
    const services = (await client.services()).filter((s) => s.IsActive && s.Data?.Discriminator === "Bookable");
    if (services.length === 0) throw new MewsError(0, "Mews has no active bookable service for this enterprise");
    const serviceIds = services.map((s) => s.Id);
    const [categories, rates, ages] = [await client.resourceCategories(serviceIds), await client.rates(serviceIds), await client.ageCategories(serviceIds)];
    const tarifaCategories = await db.select({ id: roomCategories.id, name: roomCategories.name }).from(roomCategories).where(eq(roomCategories.businessId, businessId));
    const categoryMap = matchCategories(categories, tarifaCategories);
    const roots = rates.filter((r) => r.IsActive && !r.BaseRateId);
    const rateId = (roots.find((r) => r.IsDefault) ?? roots[0])?.Id ?? null;
    const timeZone = configuration.Enterprise.TimeZoneIdentifier;
    const pricing = configuration.Enterprise.Pricing === "Net" ? "Net" : "Gross";
    // Mews's own clock stamps UpdatedUtc: the next pull starts from it, not from ours.
    const pulledAt = Number.isNaN(Date.parse(configuration.NowUtc)) ? now() : new Date(configuration.NowUtc);

    const intervals = connection.syncedThrough
      ? windows(new Date(connection.syncedThrough.getTime() - OVERLAP_MS), pulledAt).map((w) => ({ UpdatedUtc: w }))
      : windows(new Date(pulledAt.getTime() - HISTORY_DAYS * 86_400_000), new Date(pulledAt.getTime() + FUTURE_DAYS * 86_400_000)).map((w) => ({ ScheduledStartUtc: w }));
    const found = new Map<string, MewsReservation>();
    for (const interval of intervals) {
      for (const r of await client.reservations({ ServiceIds: serviceIds, States: MEWS_READ_STATES, ...interval })) found.set(r.Id, r);
    }
    const reservations = [...found.values()].filter((r) => MEWS_READ_STATES.includes(r.State));
    const revenue = new Map<string, { total: number; currency: string }>();
    const ids = reservations.map((r) => r.Id);
    for (let i = 0; i < ids.length; i += MEWS_MAX_IDS) {
      for (const item of await client.orderItems(ids.slice(i, i + MEWS_MAX_IDS), business.currency)) {
        const value = pricing === "Net" ? item.Amount.NetValue : item.Amount.GrossValue;
        const sum = revenue.get(item.ServiceOrderId) ?? { total: 0, currency: item.Amount.Currency };
        sum.total += value;
        revenue.set(item.ServiceOrderId, sum);
      }
    }
    const context = {
      timeZone,
      adultAgeIds: new Set(ages.filter((a) => a.Classification === "Adult").map((a) => a.Id)),
      currency: business.currency,
      rateNames: new Map(rates.map((r) => [r.Id, nameOf(r.Names)])),
    };
    const rows = reservations.map((r) => stagedCells(r, { ...context, revenue: revenue.get(r.Id) }));
    await db
      .update(mewsConnections)
      .set({ enterpriseId: configuration.Enterprise.Id, serviceId: serviceIds[0], timeZone, pricing, categoryMap, rateId, updatedAt: now() })
      .where(eq(mewsConnections.businessId, businessId));

    if (rows.length) {
      importId = await stageImport(db, businessId, rows, pulledAt, { ...MAPPING, room_types: categoryMap });
      await runImport(db, importId, { now });
      const [imp] = await db.select({ status: reservationImports.status, error: reservationImports.error }).from(reservationImports).where(eq(reservationImports.id, importId));
      if (imp?.status !== "done") throw new Error(imp?.error ?? "the import of Mews reservations did not finish");
    } else {
      // Nothing to import: a business waiting for its first data has it all the same.
      const [current] = await db.select({ status: businesses.status }).from(businesses).where(eq(businesses.id, businessId));
      if (current?.status === "DOWNLOADING_DATA") await applyBusinessEvent(db, businessId, { type: "downloadFinished" }, { now: now() });
    }
    await db.update(mewsConnections).set({ syncedThrough: pulledAt, lastSyncAt: now() }).where(eq(mewsConnections.businessId, businessId));
    await pushMewsPrices(db, businessId, { now: now(), client, configuration });
    // The outage ends only when the prices went too: a push that keeps failing is told once.
    await db.update(mewsConnections).set({ lastError: null, lastErrorAt: null }).where(eq(mewsConnections.businessId, businessId));
    return { ok: true, read: reservations.length, importId };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ msg: "mews sync failed", business_id: businessId, err: message });
    await recordMewsError(db, businessId, message, now());
    const [current] = await db.select({ status: businesses.status }).from(businesses).where(eq(businesses.id, businessId));
    if (current?.status === "DOWNLOADING_DATA") await applyBusinessEvent(db, businessId, { type: "downloadFailed" }, { now: now() });
    return { ok: false, read: 0, importId, error: message };
  }
}

/** The prices alone (a price changed in Tarifa, `MEWS_PRICES_JOB`): a failure is recorded and told like a sync's. */
export async function pushMewsPricesNow(db: Database, businessId: string, now: Date): Promise<void> {
  const [row] = await db.select({ credentials: businesses.pmsCredentials }).from(businesses).innerJoin(mewsConnections, eq(mewsConnections.businessId, businesses.id)).where(eq(businesses.id, businessId));
  if (!row) return;
  try {
    await pushMewsPrices(db, businessId, { now, client: mewsClientFor(openRecord(row.credentials) ?? {}) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ msg: "mews price push failed", business_id: businessId, err: message });
    await recordMewsError(db, businessId, message, now);
  }
}

/**
 * The pull's reservations as a reservation import's staged rows, ready for the import's job
 * (services/imports/run.ts). No dry run: nobody reviews an automatic pull, and the dry run's one
 * product the job needs, each row's stable key, is the Mews id in the form the import gives a
 * file's id column (`id:<value>`, domain/imports/rows.ts). Staged as "uploading", so a crash
 * half-way leaves nothing the job would take (removeUnfinishedUploads clears it), then queued.
 */
async function stageImport(db: Database, businessId: string, rows: string[][], pulledAt: Date, mapping: ImportMappingInput): Promise<string> {
  const [created] = await db
    .insert(reservationImports)
    .values({ businessId, createdBy: null, fileName: `Mews ${pulledAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, format: "mews", status: "uploading", header: [...MEWS_COLUMNS] })
    .returning({ id: reservationImports.id });
  const importId = created!.id;
  const idColumn = MEWS_COLUMNS.indexOf("id");
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(reservationImportRows).values(rows.slice(i, i + 1000).map((cells, j) => ({ importId, line: i + j + 1, cells, key: `id:${cells[idColumn]}` })));
  }
  const parsed = mappingSchema.parse(mapping) as unknown as Record<string, unknown>;
  await db.update(reservationImports).set({ status: "queued", rowCount: rows.length, mapping: parsed }).where(eq(reservationImports.id, importId));
  return importId;
}

/**
 * A failed sync (or push) is recorded on the connection and, once per outage, told to everyone
 * of the business (`sync.error` from the PMS): only the failure that finds no error recorded
 * notifies. A successful sync clears it.
 */
export async function recordMewsError(db: Database, businessId: string, message: string, now: Date): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const values = { lastError: message.slice(0, 500), lastErrorAt: now };
    const [first] = await tx
      .update(mewsConnections)
      .set(values)
      .where(and(eq(mewsConnections.businessId, businessId), isNull(mewsConnections.lastError)))
      .returning({ businessId: mewsConnections.businessId });
    if (first) await notify(tx, { businessId, kind: "sync.error", params: { source: "pms", pms: "Mews", error: message.slice(0, 200) }, link: "/pms-settings/imports" });
    else await tx.update(mewsConnections).set(values).where(eq(mewsConnections.businessId, businessId));
  });
}
