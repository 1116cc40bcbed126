import { defaultTimeZone, FALLBACK_TIME_ZONE } from "#domain/business/timezone.ts";
import { and, asc, eq, gte, inArray, isNull, like, notInArray, or, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { BusinessDetailsInput, CategoryInput, CreateBusinessInput } from "#domain/schemas/business.ts";
import { INITIAL_BUSINESS_STATUS } from "#domain/business/status.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessTypes, inventoryNights, pmsSystems, roomCategories, userSelections, users, type UserRow } from "#api/db/schema/index.ts";
import { HttpError } from "#api/errors.ts";
import { isUniqueViolation } from "./accounts.ts";
import type { BusinessRow } from "./business-access.ts";
import { markAllNightsChanged } from "./outbox/nights-changed.ts";
import type { RoomCategoryRow } from "./business-json.ts";
import type { Actor } from "#domain/activity/index.ts";
import { tracked, type ActivitySnapshot } from "./activity/tracked.ts";

/** A 422 beside one field, its message translated for the caller (namespace `validation`). */
export function fieldError(t: TFunction, field: string, key: string, values: Record<string, unknown> = {}): HttpError {
  return new HttpError(422, "api.invalid", { [field]: [t(key, { ns: "validation", defaultValue: key, ...values })] });
}

/**
 * True for PostgreSQL's foreign_key_violation or restrict_violation (ON DELETE RESTRICT): a row
 * others still point at, e.g. a room category with reservations.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23503" || e.code === "23001") return true;
  }
  return false;
}

// ── Slugs ───────────────────────────────────────────────────────────────────────────────────

/** "Pousada Maré Alta" → "pousada-mare-alta": ASCII letters, digits and single hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "hospedagem";
}

/** The slug for a new business: the name's, or with -2, -3… when taken. */
export async function uniqueSlug(db: Database, name: string): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(or(eq(businesses.slug, base), like(businesses.slug, `${base}-%`)));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ── Businesses ──────────────────────────────────────────────────────────────────────────────

const COLUMNS = {
  company_name: "companyName",
  corporate_name: "corporateName",
  business_type_uuid: "businessTypeId",
  accommodation_purpose: "accommodationPurpose",
  primary_customer_segment: "primaryCustomerSegment",
  corporate_tax_code: "corporateTaxCode",
  country: "country",
  state: "state",
  city: "city",
  zip_code: "zipCode",
  address: "address",
  email: "email",
  phone_number: "phoneNumber",
  website: "website",
  social_media: "socialMedia",
  fluctuation_level: "fluctuationLevel",
  payment_frequency: "paymentFrequency",
  currency: "currency",
  timezone: "timezone",
  is_whitelisted: "isWhitelisted",
  advisory: "advisory",
} as const satisfies Record<string, keyof BusinessRow>;

type DetailsInput = BusinessDetailsInput & { is_whitelisted?: boolean; advisory?: boolean };

/** The columns a details payload sets; fields left out are not touched. */
function detailColumns(input: DetailsInput): Partial<BusinessRow> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = (input as Record<string, unknown>)[field];
    if (value !== undefined) out[column] = value;
  }
  return out as Partial<BusinessRow>;
}

async function assertBusinessType(db: Database, t: TFunction, id: string | null | undefined) {
  if (!id) return;
  const [type] = await db.select({ id: businessTypes.id }).from(businessTypes).where(eq(businessTypes.id, id));
  if (!type) throw fieldError(t, "business_type_uuid", "business.unknownType");
}

/** The built-in PMS every new business starts on (reference data, migration 0006). */
export async function defaultPmsId(db: Database): Promise<number | null> {
  const [pms] = await db
    .select({ id: pmsSystems.id })
    .from(pmsSystems)
    .where(and(eq(pmsSystems.pmsDefault, true), eq(pmsSystems.isActive, true), isNull(pmsSystems.deletedAt)))
    .orderBy(asc(pmsSystems.id))
    .limit(1);
  return pms?.id ?? null;
}

export async function addRole(db: Database, userId: string, role: "owner" | "collaborator"): Promise<void> {
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role}::text)` })
    .where(and(eq(users.id, userId), sql`not (${role}::text = any(${users.roles}))`));
}

/** Remembers the business the user works on (spec section 1). */
export async function rememberSelection(db: Database, userId: string, businessId: string, now: Date): Promise<void> {
  await db
    .insert(userSelections)
    .values({ userId, businessId, updatedAt: now })
    .onConflictDoUpdate({ target: userSelections.userId, set: { businessId, updatedAt: now } });
}

/**
 * Creates a business owned by `owner` (who gets the owner role if missing), on the built-in PMS,
 * status BUSINESS_CREATED, with the room categories given. All or nothing; a slug taken by a
 * concurrent creation is retried with the next number.
 */
export async function createBusiness(
  db: Database,
  t: TFunction,
  owner: Pick<UserRow, "id">,
  input: CreateBusinessInput & { is_whitelisted?: boolean; advisory?: boolean },
  options: { now: Date; select: boolean },
): Promise<BusinessRow> {
  await assertBusinessType(db, t, input.business_type_uuid);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const [row] = await tx
          .insert(businesses)
          .values({
            ...detailColumns(input),
            // The zone of its place unless the caller names one (domain/business/timezone.ts).
            timezone: input.timezone ?? defaultTimeZone(input.country, input.state),
            companyName: input.company_name,
            country: input.country,
            ownerId: owner.id,
            status: INITIAL_BUSINESS_STATUS,
            slug: await uniqueSlug(tx, input.company_name),
            pmsId: await defaultPmsId(tx),
            createdAt: options.now,
            updatedAt: options.now,
          })
          .returning();
        if (input.room_setup) await saveCategorySet(tx, t, row.id, input.room_setup.categories, options.now);
        await addRole(tx, owner.id, "owner");
        if (options.select) await rememberSelection(tx, owner.id, row.id, options.now);
        const [fresh] = await tx.select().from(businesses).where(eq(businesses.id, row.id));
        return fresh;
      });
    } catch (error) {
      if (attempt < 3 && slugRace(error)) continue;
      throw error;
    }
  }
}

/** Only a clash on the slug is worth retrying (a category name clash is a 422 from saveCategorySet). */
function slugRace(error: unknown): boolean {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint === "businesses_slug_unique") return true;
  }
  return false;
}

/** The business's details as the activity log compares them: the API's field names, every detail a PUT may set. */
async function detailsSnapshot(db: Database, businessId: string): Promise<ActivitySnapshot | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!row) return null;
  const values = Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [field, row[column] ?? null]));
  return { label: row.companyName, values };
}

/** Changes the business's details and records which ones changed, before → after, in the same transaction. */
export async function updateBusinessDetails(db: Database, t: TFunction, businessId: string, input: DetailsInput, now: Date, actor: Actor): Promise<BusinessRow> {
  await assertBusinessType(db, t, input.business_type_uuid);
  return tracked(db, { businessId, actor, area: "business", entityId: businessId, read: detailsSnapshot }, async (tx) => {
    const [row] = await tx
      .update(businesses)
      .set({ ...detailColumns(input), updatedAt: now })
      .where(eq(businesses.id, businessId))
      .returning();
    return row;
  });
}

// ── Room categories ─────────────────────────────────────────────────────────────────────────

/** A stored category in the input shape, so it can be merged with a patch and checked again. */
export function categoryAsInput(c: RoomCategoryRow): CategoryInput & { uuid: string } {
  return {
    uuid: c.id,
    name: c.name,
    room_count: c.roomCount,
    min_occupation: c.minOccupation,
    max_occupation: c.maxOccupation,
    price_variation_type: c.priceVariationType,
    price_variation_value: c.priceVariationValue,
    commission: Number(c.commission),
    min_price: c.minPrice,
    max_price: c.maxPrice,
  };
}

export async function categoriesOf(db: Database, businessId: string): Promise<RoomCategoryRow[]> {
  return db
    .select()
    .from(roomCategories)
    .where(eq(roomCategories.businessId, businessId))
    .orderBy(asc(roomCategories.position), asc(roomCategories.createdAt), asc(roomCategories.name));
}

function categoryColumns(c: CategoryInput, position: number) {
  return {
    name: c.name,
    roomCount: c.room_count,
    minOccupation: c.min_occupation,
    maxOccupation: c.max_occupation,
    priceVariationType: c.price_variation_type,
    priceVariationValue: Math.round(c.price_variation_value),
    commission: Math.round(c.commission * 100) / 100,
    minPrice: c.min_price ?? null,
    maxPrice: c.max_price ?? null,
    position,
  };
}

/** room_count and total_rooms follow the categories (spec section 3 has both; they are the same sum). */
export async function recountRooms(db: Database, businessId: string, now: Date): Promise<void> {
  const total = sql<number>`(select coalesce(sum(${roomCategories.roomCount}), 0)::int from ${roomCategories} where ${roomCategories.businessId} = ${businessId})`;
  await db.update(businesses).set({ roomCount: total, totalRooms: total, updatedAt: now }).where(eq(businesses.id, businessId));
}

/**
 * Makes the business's categories exactly `list`, in that order: items with a uuid update that
 * category, items without one are created, stored categories not in the list are deleted. Call
 * inside a transaction (the routes do); the names are checked for duplicates by the schemas,
 * and the unique index catches a concurrent change. Answers the ids in list order.
 */
export async function saveCategorySet(
  db: Database,
  t: TFunction,
  businessId: string,
  list: readonly (CategoryInput & { uuid?: string })[],
  now: Date,
  errorPath = "room_setup.categories",
): Promise<string[]> {
  const existing = await db
    .select({ id: roomCategories.id, roomCount: roomCategories.roomCount })
    .from(roomCategories)
    .where(eq(roomCategories.businessId, businessId));
  const known = new Set(existing.map((c) => c.id));
  list.forEach((c, i) => {
    if (c.uuid && !known.has(c.uuid)) throw fieldError(t, `${errorPath}.${i}.uuid`, "business.unknownCategory");
  });
  const kept = list.map((c) => c.uuid).filter((id): id is string => !!id);
  try {
    const gone = kept.length
      ? and(eq(roomCategories.businessId, businessId), notInArray(roomCategories.id, kept))
      : eq(roomCategories.businessId, businessId);
    await db.delete(roomCategories).where(gone);
    if (kept.length) {
      // Park the kept names first, so swapping two names does not trip the unique index halfway.
      await db
        .update(roomCategories)
        .set({ name: sql`'~' || ${roomCategories.id}::text` })
        .where(and(eq(roomCategories.businessId, businessId), inArray(roomCategories.id, kept)));
    }
    const ids: string[] = [];
    const previous = new Map(existing.map((c) => [c.id, c.roomCount]));
    for (const [position, c] of list.entries()) {
      if (c.uuid) {
        await db.update(roomCategories).set(categoryColumns(c, position)).where(eq(roomCategories.id, c.uuid));
        ids.push(c.uuid);
      } else {
        const [row] = await db
          .insert(roomCategories)
          .values({ ...categoryColumns(c, position), businessId, createdAt: now })
          .returning({ id: roomCategories.id });
        ids.push(row.id);
      }
    }
    for (const c of list) {
      if (c.uuid && c.room_count < (previous.get(c.uuid) ?? 0)) await assertRoomsCoverBookings(db, businessId, c.uuid, c.name, c.room_count, now);
    }
    await recountRooms(db, businessId, now);
    await markAllNightsChanged(db, businessId, "categories", now.toISOString().slice(0, 10));
    return ids;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(t, errorPath, "business.duplicateCategoryName");
    if (isForeignKeyViolation(error)) throw new HttpError(409, "business.categoryInUse");
    throw error;
  }
}

/**
 * A category may shrink only down to what is already sold or blocked on any night from today on
 * (bookings' inventory_nights); otherwise 409 naming the first such night. The category row is
 * already updated (locked) in this transaction and bookings read it FOR SHARE, so no booking can
 * slip in between this check and the commit.
 */
async function assertRoomsCoverBookings(db: Database, businessId: string, categoryId: string, name: string, rooms: number, now: Date) {
  const [business] = await db.select({ timezone: businesses.timezone }).from(businesses).where(eq(businesses.id, businessId));
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: business?.timezone ?? FALLBACK_TIME_ZONE }).format(now);
  const [night] = await db
    .select({ night: inventoryNights.night, taken: sql<number>`(${inventoryNights.sold} + ${inventoryNights.blocked})::int` })
    .from(inventoryNights)
    .where(and(eq(inventoryNights.categoryId, categoryId), gte(inventoryNights.night, today), sql`${inventoryNights.sold} + ${inventoryNights.blocked} > ${rooms}`))
    .orderBy(asc(inventoryNights.night))
    .limit(1);
  if (night) throw new HttpError(409, "business.roomCountBelowBooked", undefined, { name, night: night.night, taken: night.taken });
}
