import { and, asc, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { CHANNELS } from "#domain/schemas/bookings.ts";
import type { SalesChannelInput, SalesChannelUpdate } from "#domain/schemas/distribution.ts";
import type { Database } from "#api/db/client.ts";
import { salesChannels } from "#api/db/schema/index.ts";
import { markAllNightsChanged } from "#api/services/outbox/nights-changed.ts";
import { isUniqueViolation } from "#api/services/accounts.ts";
import { fieldError } from "#api/services/businesses.ts";
import type { SalesChannelJson } from "#contract/distribution.ts";

export type SalesChannel = typeof salesChannels.$inferSelect;

/** A business's sales channels, active ones first, then by name. */
export async function listSalesChannels(db: Database, businessId: string, options: { activeOnly?: boolean } = {}): Promise<SalesChannel[]> {
  const where = options.activeOnly ? and(eq(salesChannels.businessId, businessId), eq(salesChannels.active, true)) : eq(salesChannels.businessId, businessId);
  const rows = await db.select().from(salesChannels).where(where).orderBy(asc(salesChannels.name));
  return rows.sort((a, b) => Number(b.active) - Number(a.active));
}

export async function salesChannelById(db: Database, businessId: string, id: string): Promise<SalesChannel | null> {
  const [row] = await db
    .select()
    .from(salesChannels)
    .where(and(eq(salesChannels.businessId, businessId), eq(salesChannels.id, id)));
  return row ?? null;
}

export async function salesChannelByCode(db: Database, businessId: string, code: string): Promise<SalesChannel | null> {
  const [row] = await db
    .select()
    .from(salesChannels)
    .where(and(eq(salesChannels.businessId, businessId), eq(salesChannels.code, code)));
  return row ?? null;
}

/** The wire shape (snake_case, as docs/api/distribution.md shows). */
export function salesChannelJson(c: SalesChannel): SalesChannelJson {
  return {
    uuid: c.id,
    code: c.code,
    name: c.name,
    commission: Number(c.commission),
    markup: Number(c.markup),
    active: c.active,
    connection: c.connection,
    external_property_id: c.externalPropertyId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
export type { SalesChannelJson };

/** Creates a channel; a code the business already has is a 422 beside `code`. */
export async function createSalesChannel(db: Database, t: TFunction, businessId: string, input: SalesChannelInput, now: Date): Promise<SalesChannel> {
  return db.transaction(async (tx) => {
    if (await salesChannelByCode(tx as unknown as Database, businessId, input.code)) throw fieldError(t, "code", "pms:validation.codeTaken");
    try {
      const [row] = await tx
        .insert(salesChannels)
        .values({
          businessId,
          code: input.code,
          name: input.name,
          commission: input.commission,
          markup: input.markup,
          active: input.active,
          connection: input.connection,
          externalPropertyId: input.external_property_id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row;
    } catch (error) {
      // Two requests with the same code at once: the unique index decides.
      if (isUniqueViolation(error)) throw fieldError(t, "code", "pms:validation.codeTaken");
      throw error;
    }
  });
}

/** Changes a channel (never its code); null when the business has no such channel. */
export async function updateSalesChannel(db: Database, businessId: string, id: string, input: SalesChannelUpdate, now: Date): Promise<SalesChannel | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [before] = await tx.select({ connection: salesChannels.connection }).from(salesChannels).where(and(eq(salesChannels.businessId, businessId), eq(salesChannels.id, id)));
    const row = await writeSalesChannel(tx, businessId, id, input, now);
    // Its markup, activity or connection moves the rates pushed through Channex for its plans.
    if (row && (before?.connection === "channex" || row.connection === "channex")) await markAllNightsChanged(tx, businessId, "sales_channel", now.toISOString().slice(0, 10));
    return row;
  });
}

async function writeSalesChannel(db: Database, businessId: string, id: string, input: SalesChannelUpdate, now: Date): Promise<SalesChannel | null> {
  const [row] = await db
    .update(salesChannels)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.commission !== undefined && { commission: input.commission }),
      ...(input.markup !== undefined && { markup: input.markup }),
      ...(input.active !== undefined && { active: input.active }),
      ...(input.connection !== undefined && { connection: input.connection }),
      ...(input.external_property_id !== undefined && { externalPropertyId: input.external_property_id }),
      updatedAt: now,
    })
    .where(and(eq(salesChannels.businessId, businessId), eq(salesChannels.id, id)))
    .returning();
  return row ?? null;
}

/**
 * A reservation's channel must be one the business knows: a built-in code (domain/schemas/bookings)
 * or one of its sales channels. Anything else is a 422 beside `channel`.
 */
export async function assertKnownChannel(db: Database, t: TFunction, businessId: string, code: string): Promise<void> {
  if ((CHANNELS as readonly string[]).includes(code)) return;
  if (!(await salesChannelByCode(db, businessId, code))) throw fieldError(t, "channel", "pms:validation.unknownChannel");
}

/**
 * The channels the reservation forms offer: the active sales channels (by name) when the business
 * has any, else the built-in codes; `keep` (the reservation's own channel) is always offered.
 */
export async function channelChoices(db: Database, businessId: string, keep?: string): Promise<{ codes: string[]; names: Record<string, string> }> {
  const active = await listSalesChannels(db, businessId, { activeOnly: true });
  const codes: string[] = active.length ? active.map((c) => c.code) : [...CHANNELS];
  if (keep && /^[a-z][a-z0-9_]{1,39}$/.test(keep) && !codes.includes(keep)) codes.push(keep);
  return { codes, names: Object.fromEntries(active.map((c) => [c.code, c.name])) };
}
