import { and, asc, eq, ne } from "drizzle-orm";
import { hasPlan } from "#domain/subscription/state.ts";
import { categoriesForParty, isOffered, normaliseSlug, offerableCategories, offerTotals, stayIssue, localizedText } from "#domain/booking-engine/rules.ts";
import type { BookingEngineSettingsInput, OffersQuery, PublicReservationInput } from "#domain/schemas/booking-engine.ts";
import type { Database } from "#api/db/client.ts";
import { bookingEngines, businesses, reservations, roomCategories } from "#api/db/schema/index.ts";
import { notFound } from "#api/errors.ts";
import { businessPlans } from "./billing/plans.ts";
import type { BusinessRow } from "./business-access.ts";
import { logoUrl } from "./business-json.ts";
import { businessToday, fieldError, type BookingContext } from "./bookings/context.ts";
import { pgCode } from "#api/db/query.ts";
import { priceStay } from "./bookings/pricing.ts";
import { gapDiscounts } from "./stay-rules/gap-discounts.ts";
import { freeRoomsFor } from "./bookings/quotes.ts";
import { createReservation, getReservation } from "./bookings/reservations.ts";
import { loadPricingConfig } from "./pricing/config.ts";
import { hotelPoliciesJson, hotelPoliciesOf } from "./distribution/hotel-policies.ts";
import { listRatePlans, planNights, ratePlanById, ratePlanRule } from "./distribution/rate-plans.ts";
import { stayRefusal } from "#domain/pricing/rate-plans.ts";
import type { StayVerdict } from "#domain/stay-rules/index.ts";
import { stayJudge, stayRuleError } from "./stay-rules/judge.ts";
import { markQuoteBooked, recordQuotes } from "./brain/quotes.ts";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import type { EngineSettingsJson, OffersJson, PublicProfileJson, PublicReservationJson } from "#contract/booking-engine.ts";

export type EngineRow = typeof bookingEngines.$inferSelect;
type Category = typeof roomCategories.$inferSelect;

/** The settings as the API shows them (snake_case at the edge). */
export function settingsJson(row: Omit<EngineRow, "businessId" | "createdAt" | "updatedAt">, saved: boolean): EngineSettingsJson {
  return {
    slug: row.slug,
    enabled: row.enabled,
    headline: row.headline,
    description: row.description,
    policies: row.policies,
    accent_color: row.accentColor,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    category_ids: row.categoryIds,
    min_nights: row.minNights,
    max_nights: row.maxNights,
    max_advance_days: row.maxAdvanceDays,
    check_in_time: row.checkInTime,
    check_out_time: row.checkOutTime,
    auto_confirm: row.autoConfirm,
    saved,
  };
}

async function slugTaken(db: Database, slug: string, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingEngines.businessId })
    .from(bookingEngines)
    .where(and(eq(bookingEngines.slug, slug), ne(bookingEngines.businessId, businessId)));
  return Boolean(row);
}

/** A free slug from the business name: the name itself, else the name with -2, -3, … */
async function suggestSlug(db: Database, business: BusinessRow): Promise<string> {
  const base = normaliseSlug(business.companyName);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const slug = base.slice(0, 60 - suffix.length).replace(/-+$/, "") + suffix;
    if (!(await slugTaken(db, slug, business.id))) return slug;
  }
}

/** The saved settings, or the defaults with a suggested slug (nothing is written). */
export async function engineSettings(db: Database, business: BusinessRow) {
  const [row] = await db.select().from(bookingEngines).where(eq(bookingEngines.businessId, business.id));
  if (row) return settingsJson(row, true);
  return settingsJson(
    {
      slug: await suggestSlug(db, business),
      enabled: false,
      headline: {},
      description: {},
      policies: {},
      accentColor: "#0f766e",
      contactEmail: business.email ?? null,
      contactPhone: business.phoneNumber ?? null,
      categoryIds: [],
      minNights: 1,
      maxNights: 30,
      maxAdvanceDays: 365,
      checkInTime: "14:00",
      checkOutTime: "12:00",
      autoConfirm: false,
    },
    false,
  );
}

/** Saves the settings (insert or update): the slug must be free and the categories the business's own. */
export async function saveEngineSettings(ctx: Pick<BookingContext, "db" | "business" | "t" | "now">, input: BookingEngineSettingsInput) {
  const { db, business } = ctx;
  if (await slugTaken(db, input.slug, business.id)) throw fieldError(ctx, "slug", "bookingEngine:validation.slugTaken");
  const categoryIds = [...new Set(input.category_ids.map((id) => id.toLowerCase()))];
  if (categoryIds.length) {
    const own = await db.select({ id: roomCategories.id }).from(roomCategories).where(eq(roomCategories.businessId, business.id));
    const ids = new Set(own.map((c) => c.id));
    if (categoryIds.some((id) => !ids.has(id))) throw fieldError(ctx, "category_ids", "bookingEngine:validation.unknownCategory");
  }
  const values = {
    slug: input.slug,
    enabled: input.enabled,
    headline: input.headline,
    description: input.description,
    policies: input.policies,
    accentColor: input.accent_color,
    contactEmail: input.contact_email,
    contactPhone: input.contact_phone,
    categoryIds,
    minNights: input.min_nights,
    maxNights: input.max_nights,
    maxAdvanceDays: input.max_advance_days,
    checkInTime: input.check_in_time,
    checkOutTime: input.check_out_time,
    autoConfirm: input.auto_confirm,
    updatedAt: ctx.now,
  };
  try {
    await db
      .insert(bookingEngines)
      .values({ businessId: business.id, ...values, createdAt: ctx.now })
      .onConflictDoUpdate({ target: bookingEngines.businessId, set: values });
  } catch (error) {
    // Two hotels saving the same slug at once: the unique index decides, the loser gets the field error.
    if (pgCode(error) === "23505") throw fieldError(ctx, "slug", "bookingEngine:validation.slugTaken");
    throw error;
  }
  return engineSettings(db, business);
}

// ---------------------------------------------------------------------------------------------
// The public side

export interface PublicEngine {
  engine: EngineRow;
  business: BusinessRow;
}

/** The engine behind /p/{slug}: 404 when the slug is unknown, the engine off or the motor plan gone. */
export async function publicEngine(db: Database, slug: string): Promise<PublicEngine> {
  if (!/^[a-z0-9-]{3,60}$/.test(slug)) throw notFound("api.bookingEngine.notFound");
  const [row] = await db
    .select({ engine: bookingEngines, business: businesses })
    .from(bookingEngines)
    .innerJoin(businesses, eq(businesses.id, bookingEngines.businessId))
    .where(eq(bookingEngines.slug, slug));
  if (!row || !row.engine.enabled) throw notFound("api.bookingEngine.notFound");
  if (!hasPlan(await businessPlans(db, row.business.id), "motor")) throw notFound("api.bookingEngine.notFound");
  return row;
}

async function categoriesOf(db: Database, businessId: string): Promise<Category[]> {
  return db.select().from(roomCategories).where(eq(roomCategories.businessId, businessId)).orderBy(asc(roomCategories.position), asc(roomCategories.createdAt));
}

/** The room categories an owner may offer online. */
export async function categoryChoices(db: Database, businessId: string) {
  return (await categoriesOf(db, businessId)).map((c) => ({ uuid: c.id, name: c.name, room_count: c.roomCount, min_occupation: c.minOccupation, max_occupation: c.maxOccupation }));
}

/** What the public page shows about the hotel, in the reader's language. */
export async function publicProfile(db: Database, { engine, business }: PublicEngine, locale: string, now: Date): Promise<PublicProfileJson> {
  const categories = (await categoriesOf(db, business.id)).filter((c) => isOffered(engine.categoryIds, c.id));
  const today = todayIn(business.timezone, now);
  return {
    slug: engine.slug,
    business: { name: business.companyName, logo: logoUrl(business), city: business.city ?? null, state: business.state ?? null },
    headline: localizedText(engine.headline, locale),
    description: localizedText(engine.description, locale),
    policies: localizedText(engine.policies, locale),
    hotel_policies: hotelPoliciesJson(await hotelPoliciesOf(db, business.id)),
    accent_color: engine.accentColor,
    contact: { email: engine.contactEmail ?? business.email ?? null, phone: engine.contactPhone ?? business.phoneNumber ?? null },
    check_in_time: engine.checkInTime,
    check_out_time: engine.checkOutTime,
    min_nights: engine.minNights,
    max_nights: engine.maxNights,
    today,
    last_arrival: addDays(today, engine.maxAdvanceDays),
    currency: business.currency,
    categories: categories.map((c) => ({ uuid: c.id, name: c.name, min_occupation: c.minOccupation, max_occupation: c.maxOccupation })),
  };
}

function checkStayRules(ctx: BookingContext, engine: EngineRow, stay: { arrival: string; departure: string }) {
  const issue = stayIssue(engine, stay, businessToday(ctx));
  if (issue) throw fieldError(ctx, issue.field, issue.key, issue.values);
}

/**
 * The offers for a stay: every offered category that takes the party and has a room free on every
 * night, priced night by night exactly as the bookings screens price it (same engine, same
 * occupancy, same guest count). A business that cannot price yet offers nothing.
 */
/** The offers for a search; `keepQuotes` writes them as the brain's quotes (ADR 0064; off past a client's hourly share). */
export async function offersFor(ctx: BookingContext, engine: EngineRow, query: OffersQuery, options: { keepQuotes: boolean }): Promise<OffersJson> {
  checkStayRules(ctx, engine, query);
  const guests = query.adults + query.children;
  const categories = await categoriesOf(ctx.db, ctx.business.id);
  const free = new Map<string, number>();
  for (const c of categories) {
    if (isOffered(engine.categoryIds, c.id)) free.set(c.id, await freeRoomsFor(ctx, c.id, c.roomCount, query.arrival, query.departure));
  }
  const eligible = offerableCategories(categories, engine.categoryIds, guests, free);
  // Those that take the party but have a night with no room: the judge may point them to a nearby orphan gap.
  const full = categoriesForParty(categories, engine.categoryIds, guests).filter((c) => !eligible.includes(c));
  const today = businessToday(ctx);
  const nights = { from: query.arrival, to: addDays(query.departure, -1) };
  const preloaded = eligible.length
    ? await Promise.all([loadPricingConfig(ctx.db, ctx.business.id, nights), gapDiscounts(ctx.db, ctx.business.id, { ...nights, today, categoryIds: eligible.map((c) => c.id) })]).then(([config, gaps]) => ({ config, gaps }))
    : undefined;
  // One offer per active rate plan that sells this stay; without plans, the engine's price alone.
  const active = await listRatePlans(ctx.db, ctx.business.id, { activeOnly: true });
  const plans = active.filter((p) => !stayRefusal(ratePlanRule(p), query.arrival, query.departure));
  // The stay rules (issue 28): a stay that breaks one is not offered; the guest is told the nearest that works.
  const judge = await stayJudge(ctx.db, ctx.business.id, query, today, [...eligible, ...full].map((c) => c.id));
  const offers: OffersJson["offers"] = [];
  const refusals: OffersJson["refusals"] = [];
  for (const c of eligible) {
    const verdict = judge.judge(c.id);
    if (!verdict.ok) {
      refusals.push(refusalJson(c, verdict));
      continue;
    }
    const price = await priceStay(ctx.db, ctx.business.id, { categoryId: c.id, arrival: query.arrival, departure: query.departure, guests, today }, preloaded);
    if (!price) continue;
    for (const plan of active.length ? plans : [null]) {
      if (plan && !judge.judge(c.id, ratePlanRule(plan)).ok) continue;
      const totals = offerTotals(plan ? planNights(price.nights, guests, plan) : price.nights);
      offers.push({
        category: { uuid: c.id, name: c.name, min_occupation: c.minOccupation, max_occupation: c.maxOccupation },
        rate_plan: plan ? { uuid: plan.id, name: plan.name, meal_plan: plan.mealPlan, cancellation_source: plan.cancellationSource, cancellation_text: plan.cancellationText } : null,
        free_rooms: free.get(c.id) ?? 0,
        nights: totals.nights,
        total: totals.total,
        rate_per_night: totals.ratePerNight,
      });
    }
  }
  // A full category is named only when a gap near the dates can be sold instead (the engine's own limits kept).
  for (const c of full) {
    const noRoom = judge.noRoom(c.id);
    if (noRoom?.suggestion && !stayIssue(engine, noRoom.suggestion, today)) {
      refusals.push({ category: { uuid: c.id, name: c.name }, rule: "noRoom", night: noRoom.night, limit: null, suggestion: noRoom.suggestion });
    }
  }
  if (preloaded && options.keepQuotes) {
    // What the guest was shown, for the brain's price response (ADR 0064): the lowest total per category.
    const lowest = new Map<string, number>();
    for (const o of offers) lowest.set(o.category.uuid, Math.min(lowest.get(o.category.uuid) ?? Number.POSITIVE_INFINITY, o.total));
    const stays = [...lowest].map(([categoryId, total]) => ({ categoryId, total }));
    await recordQuotes(ctx.db, { businessId: ctx.business.id, config: preloaded.config, arrival: query.arrival, departure: query.departure, today, now: ctx.now, stays });
  }
  return { arrival: query.arrival, departure: query.departure, adults: query.adults, children: query.children, nights: offers[0]?.nights.length ?? 0, currency: ctx.business.currency, offers, refusals };
}

function refusalJson(c: Category, verdict: Extract<StayVerdict, { ok: false }>): OffersJson["refusals"][number] {
  return { category: { uuid: c.id, name: c.name }, rule: verdict.broken.rule, night: verdict.broken.night, limit: verdict.broken.limit, suggestion: verdict.suggestion };
}

/** A 422 when the stay breaks the category's (or the plan's) stay rules, naming the stay that works. */
async function checkStayRulesOf(ctx: BookingContext, input: PublicReservationInput, categoryId: string) {
  const judge = await stayJudge(ctx.db, ctx.business.id, input, businessToday(ctx), [categoryId]);
  const plan = input.rate_plan_id ? await ratePlanById(ctx.db, ctx.business.id, input.rate_plan_id) : null;
  const verdict = judge.judge(categoryId, plan ? ratePlanRule(plan) : null);
  if (!verdict.ok) throw stayRuleError(ctx.t, verdict);
}

/**
 * Books a stay for a guest: the engine's rules first, then the bookings service (one transaction,
 * inventory locked, 409 when the last room went meanwhile), channel booking_engine, pending
 * unless the hotel confirms automatically.
 */
export async function bookOnline(ctx: BookingContext, engine: EngineRow, input: PublicReservationInput) {
  checkStayRules(ctx, engine, input);
  const [category] = await ctx.db
    .select()
    .from(roomCategories)
    .where(and(eq(roomCategories.id, input.category_id), eq(roomCategories.businessId, ctx.business.id)));
  if (!category || !isOffered(engine.categoryIds, category.id)) throw fieldError(ctx, "category_id", "bookingEngine:validation.unknownCategory");
  await checkStayRulesOf(ctx, input, category.id);
  const planned = input.rate_plan_id ? await planRateFor(ctx, input, category.id) : null;
  const id = await createReservation(ctx, {
    room_category_uuid: category.id,
    arrival: input.arrival,
    departure: input.departure,
    adults: input.adults,
    children: input.children,
    room_uuid: null,
    guest: { name: input.guest.name, email: input.guest.email, phone: input.guest.phone, document: input.guest.document, country: input.guest.country },
    rate_per_night: null,
    channel: "booking_engine",
    status: engine.autoConfirm ? "confirmed" : "pending",
    notes: input.notes,
  }, planned ? { nights: planned.nights, ratePlanId: input.rate_plan_id } : {});
  await markQuoteBooked(ctx.db, { businessId: ctx.business.id, categoryId: category.id, arrival: input.arrival, departure: input.departure, now: ctx.now });
  return getReservation(ctx, id);
}

/**
 * The chosen rate plan's nights for the stay (active, selling these dates, else 422 beside
 * rate_plan_id): the engine's nights with the plan's rule, booked as they are; the reservation
 * keeps the plan.
 */
async function planRateFor(ctx: BookingContext, input: PublicReservationInput, categoryId: string) {
  const plan = await ratePlanById(ctx.db, ctx.business.id, input.rate_plan_id!);
  if (!plan || !plan.active || stayRefusal(ratePlanRule(plan), input.arrival, input.departure)) {
    throw fieldError(ctx, "rate_plan_id", "pms:validation.planUnavailable");
  }
  const price = await priceStay(ctx.db, ctx.business.id, { categoryId, arrival: input.arrival, departure: input.departure, guests: input.adults + input.children, today: businessToday(ctx) });
  if (!price) return null;
  return { nights: planNights(price.nights, input.adults + input.children, plan) };
}

/** What the confirmation page may show to whoever holds the code: the stay, never the guest's details. */
export async function publicReservation(db: Database, { business }: PublicEngine, code: string) {
  if (!/^[A-Z0-9]{4,12}$/.test(code)) throw notFound("api.bookingEngine.reservationNotFound");
  const [row] = await db
    .select({ r: reservations, categoryName: roomCategories.name })
    .from(reservations)
    .innerJoin(roomCategories, eq(roomCategories.id, reservations.categoryId))
    .where(and(eq(reservations.businessId, business.id), eq(reservations.code, code), eq(reservations.channel, "booking_engine")));
  if (!row) throw notFound("api.bookingEngine.reservationNotFound");
  return publicReservationJson(row.r, row.categoryName);
}

export function publicReservationJson(r: Pick<typeof reservations.$inferSelect, "code" | "status" | "arrival" | "departure" | "adults" | "children" | "total" | "currency">, categoryName: string): PublicReservationJson {
  return {
    code: r.code,
    status: r.status,
    arrival: r.arrival,
    departure: r.departure,
    adults: r.adults,
    children: r.children,
    category: categoryName,
    total: r.total,
    currency: r.currency,
  };
}

