import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, stayNights } from "#domain/bookings/stay.ts";
import type { BookingQuoteInput } from "#domain/schemas/bookings.ts";
import { bookingQuotes, inventoryNights, reservations, roomCategories, type BookingQuoteRow } from "#api/db/schema/index.ts";
import { conflict, notFound } from "#api/errors.ts";
import { audit } from "./audit.ts";
import { businessToday, fieldError, type BookingContext } from "./context.ts";
import { inTransaction } from "#api/db/query.ts";
import { occupancyChanged } from "./hooks.ts";
import { categoryOf, checkGuests, createReservation, priceOrFail } from "./reservations.ts";
import type { z } from "zod";
import type { quoteConvertSchema } from "#domain/schemas/bookings.ts";
import type { BookingQuoteJson } from "#contract/bookings.ts";

/** Rooms of the category free on every night of the stay, right now. */
export async function freeRoomsFor(ctx: BookingContext, categoryId: string, roomCount: number, arrival: string, departure: string): Promise<number> {
  const [row] = await ctx.db
    .select({ taken: sql<number | null>`max(${inventoryNights.sold} + ${inventoryNights.blocked})::int` })
    .from(inventoryNights)
    .where(and(eq(inventoryNights.categoryId, categoryId), gte(inventoryNights.night, arrival), lte(inventoryNights.night, addDays(departure, -1))));
  return Math.max(0, roomCount - Number(row?.taken ?? 0));
}

export function quoteJson(q: BookingQuoteRow & { categoryName: string; reservationCode?: string | null }, today: string, extra: { business_name?: string; free_rooms?: number } = {}): BookingQuoteJson {
  const expired = q.status === "open" && q.validUntil < today;
  return {
    uuid: q.id,
    status: expired ? ("expired" as const) : q.status,
    arrival: q.arrival,
    departure: q.departure,
    nights: q.nights,
    room_category_uuid: q.categoryId,
    room_category: { uuid: q.categoryId, name: q.categoryName },
    adults: q.adults,
    children: q.children,
    guest_name: q.guestName,
    guest_email: q.guestEmail,
    guest_phone: q.guestPhone,
    notes: q.notes,
    total: q.total,
    currency: q.currency,
    valid_until: q.validUntil,
    reservation_uuid: q.reservationId,
    reservation_code: q.reservationCode ?? null,
    created_at: q.createdAt.toISOString(),
    ...extra,
  };
}
export type { BookingQuoteJson };

export async function createQuote(ctx: BookingContext, input: BookingQuoteInput): Promise<string> {
  const category = await categoryOf(ctx, input.room_category_uuid);
  checkGuests(ctx, category, input.adults, input.children);
  const price = await priceOrFail(ctx, { categoryId: category.id, arrival: input.arrival, departure: input.departure, guests: input.adults + input.children });
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(bookingQuotes)
      .values({
        businessId: ctx.business.id,
        categoryId: category.id,
        arrival: input.arrival,
        departure: input.departure,
        adults: input.adults,
        children: input.children,
        guestName: input.guest_name,
        guestEmail: input.guest_email,
        guestPhone: input.guest_phone,
        nights: price.nights,
        total: price.total,
        currency: ctx.business.currency,
        notes: input.notes,
        validUntil: addDays(businessToday(ctx), input.valid_days),
        createdBy: ctx.userId,
        createdAt: ctx.now,
      })
      .returning({ id: bookingQuotes.id });
    await audit(tx, ctx, "booking_quote", row.id, "created", { arrival: input.arrival, departure: input.departure, room_category: category.name, total: price.total });
    return row.id;
  });
}

async function quoteRow(ctx: BookingContext, id: string) {
  const [row] = await ctx.db
    .select({ q: bookingQuotes, categoryName: roomCategories.name, roomCount: roomCategories.roomCount, reservationCode: reservations.code })
    .from(bookingQuotes)
    .innerJoin(roomCategories, eq(roomCategories.id, bookingQuotes.categoryId))
    .leftJoin(reservations, eq(reservations.id, bookingQuotes.reservationId))
    .where(and(eq(bookingQuotes.id, id), eq(bookingQuotes.businessId, ctx.business.id)));
  if (!row) throw notFound("bookings:api.quoteNotFound");
  return row;
}

export async function getQuote(ctx: BookingContext, id: string) {
  const row = await quoteRow(ctx, id);
  const free = await freeRoomsFor(ctx, row.q.categoryId, row.roomCount, row.q.arrival, row.q.departure);
  return quoteJson({ ...row.q, categoryName: row.categoryName, reservationCode: row.reservationCode }, businessToday(ctx), {
    business_name: ctx.business.companyName,
    free_rooms: free,
  });
}

export async function listQuotes(ctx: BookingContext) {
  const rows = await ctx.db
    .select({ q: bookingQuotes, categoryName: roomCategories.name, reservationCode: reservations.code })
    .from(bookingQuotes)
    .innerJoin(roomCategories, eq(roomCategories.id, bookingQuotes.categoryId))
    .leftJoin(reservations, eq(reservations.id, bookingQuotes.reservationId))
    .where(eq(bookingQuotes.businessId, ctx.business.id))
    .orderBy(desc(bookingQuotes.createdAt))
    .limit(100);
  const today = businessToday(ctx);
  return rows.map((r) => quoteJson({ ...r.q, categoryName: r.categoryName, reservationCode: r.reservationCode }, today));
}

/**
 * Turns an open quote into a reservation at the quoted rates (the offer is honoured even if
 * prices moved since), inside one transaction with the inventory check; a quote converts once.
 */
export async function convertQuote(ctx: BookingContext, id: string, input: z.output<typeof quoteConvertSchema>): Promise<string> {
  const row = await quoteRow(ctx, id);
  const q = row.q;
  if (q.status === "converted") throw conflict("bookings:api.quoteConverted");
  if (q.validUntil < businessToday(ctx)) throw conflict("bookings:api.quoteExpired");
  const name = input.guest?.name ?? q.guestName;
  if (!name) throw fieldError(ctx, "guest.name", "validation.required");
  const category = await categoryOf(ctx, q.categoryId);
  checkGuests(ctx, category, q.adults, q.children);
  const reservationId = await inTransaction(ctx.db, async (tx) => {
    // Lock the quote so two clicks cannot make two reservations.
    const [locked] = await tx.select({ status: bookingQuotes.status }).from(bookingQuotes).where(eq(bookingQuotes.id, id)).for("update");
    if (locked?.status !== "open") throw conflict("bookings:api.quoteConverted");
    const newId = await createReservation(
      ctx,
      {
        arrival: q.arrival,
        departure: q.departure,
        room_category_uuid: q.categoryId,
        room_uuid: null,
        adults: q.adults,
        children: q.children,
        guest: {
          name,
          email: input.guest?.email ?? q.guestEmail,
          phone: input.guest?.phone ?? q.guestPhone,
          document: input.guest?.document ?? null,
          country: input.guest?.country ?? null,
        },
        rate_per_night: null,
        channel: input.channel,
        status: input.status,
        notes: q.notes,
      },
      { nights: q.nights, quoteId: q.id, tx },
    );
    await tx.update(bookingQuotes).set({ status: "converted", reservationId: newId }).where(eq(bookingQuotes.id, id));
    await audit(tx, ctx, "booking_quote", id, "converted", { reservation_uuid: newId });
    return newId;
  });
  await occupancyChanged(ctx.db, ctx.business.id, stayNights(q.arrival, q.departure), ctx.now, ctx.userId);
  return reservationId;
}
