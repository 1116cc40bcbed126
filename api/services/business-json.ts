import { asc, eq, inArray } from "drizzle-orm";
import { allowedEvents, isBusinessStatus, type BusinessStatus } from "#domain/business/status.ts";
import { DEFAULT_LOCALE } from "#domain/locale.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessTypes, pmsSystems, roomCategories, users, type Translated, type UserRow } from "#api/db/schema/index.ts";
import { accessesTo, type BusinessAccess, type BusinessRow } from "./business-access.ts";
import type { BusinessJson, BusinessTypeJson, CategoryJson, PmsJson } from "#contract/business.ts";

export type BusinessTypeRow = typeof businessTypes.$inferSelect;
export type PmsRow = typeof pmsSystems.$inferSelect;
export type RoomCategoryRow = typeof roomCategories.$inferSelect;

/** The text for `locale`, else Portuguese (the product's default), else any. */
export function translated(value: Translated | null | undefined, locale: string): string {
  if (!value) return "";
  return value[locale] ?? value[DEFAULT_LOCALE] ?? Object.values(value)[0] ?? "";
}

export function businessTypeJson(type: BusinessTypeRow, locale: string): BusinessTypeJson {
  return {
    uuid: type.id,
    slug: type.slug,
    title: translated(type.title, locale),
    description: translated(type.description, locale),
    icon: type.icon,
    is_bnb: type.isBnb,
  };
}

/** A PMS as the spec names its fields; credential labels in the caller's language. */
export function pmsJson(pms: PmsRow, locale: string): PmsJson {
  return {
    id: pms.id,
    name: pms.name,
    settings: {
      auth_url: pms.settings.auth_url,
      kind: pms.pmsDefault ? "built_in" : pms.settings.kind === "file" ? "file" : "credentials",
      fields: pms.settings.fields.map((f) => ({ name: f.name, label: translated(f.label, locale), type: f.type, required: f.required })),
    },
    image: pms.image,
    pms_default: pms.pmsDefault,
    is_active: pms.isActive,
    deleted_at: pms.deletedAt?.toISOString() ?? null,
    created_at: pms.createdAt.toISOString(),
    updated_at: pms.updatedAt.toISOString(),
  };
}

export function categoryJson(category: RoomCategoryRow): CategoryJson {
  return {
    uuid: category.id,
    name: category.name,
    room_count: category.roomCount,
    min_occupation: category.minOccupation,
    max_occupation: category.maxOccupation,
    price_variation_type: category.priceVariationType,
    price_variation_value: category.priceVariationValue,
    commission: Number(category.commission),
    min_price: category.minPrice,
    max_price: category.maxPrice,
    position: category.position,
  };
}

/**
 * The logo's address for <img>: the public route (the booking engine shows it too, so it is no
 * secret), with the stored name's random part so a new logo is never served from a cache.
 */
export function logoUrl(business: Pick<BusinessRow, "slug" | "logoFilename">): string | null {
  if (!business.logoFilename) return null;
  const version = business.logoFilename.slice(business.logoFilename.lastIndexOf("-") + 1, business.logoFilename.lastIndexOf("."));
  return `/api/public/businesses/${encodeURIComponent(business.slug)}/logo?v=${version}`;
}

interface Related {
  types: Map<string, BusinessTypeRow>;
  pms: Map<number, PmsRow>;
  owners: Map<string, Pick<UserRow, "id" | "name" | "surname" | "email">>;
  categories: Map<string, RoomCategoryRow[]>;
}

/** A business's type, PMS and owner, as one row per business (app-state reads them with its businesses: shell-state.ts). */
export interface LinkedRow {
  type: BusinessTypeRow | null;
  pms: PmsRow | null;
  owner: Pick<UserRow, "id" | "name" | "surname" | "email">;
}

/** The owner's columns a business's answer shows. */
export const ownerColumns = { id: users.id, name: users.name, surname: users.surname, email: users.email };

/**
 * Two statements whatever the number of businesses (one when the caller has read the linked rows
 * already): on the embedded database each one costs about half a millisecond of the server's
 * CPU, and every signed-in page reads this (ADR 0032).
 */
async function loadRelated(db: Database, rows: readonly BusinessRow[], linked?: readonly LinkedRow[]): Promise<Related> {
  const businessIds = rows.map((b) => b.id);
  if (businessIds.length === 0) return { types: new Map(), pms: new Map(), owners: new Map(), categories: new Map() };
  const [linkedRows, categoryRows] = await Promise.all([
    linked ??
      db
        .select({ type: businessTypes, pms: pmsSystems, owner: ownerColumns })
        .from(businesses)
        .innerJoin(users, eq(users.id, businesses.ownerId))
        .leftJoin(businessTypes, eq(businessTypes.id, businesses.businessTypeId))
        .leftJoin(pmsSystems, eq(pmsSystems.id, businesses.pmsId))
        .where(inArray(businesses.id, businessIds)),
    db
      .select()
      .from(roomCategories)
      .where(inArray(roomCategories.businessId, businessIds))
      .orderBy(asc(roomCategories.position), asc(roomCategories.createdAt), asc(roomCategories.name)),
  ]);
  const categories = new Map<string, RoomCategoryRow[]>();
  for (const c of categoryRows) {
    const list = categories.get(c.businessId) ?? [];
    list.push(c);
    categories.set(c.businessId, list);
  }
  const related: Related = { types: new Map(), pms: new Map(), owners: new Map(), categories };
  for (const { type, pms, owner } of linkedRows) {
    if (type) related.types.set(type.id, type);
    if (pms) related.pms.set(pms.id, pms);
    related.owners.set(owner.id, owner);
  }
  return related;
}

function toJson(b: BusinessRow, related: Related, locale: string, access: { permissions: string[]; isOwner: boolean }): BusinessJson {
  const type = b.businessTypeId ? related.types.get(b.businessTypeId) : undefined;
  const pms = b.pmsId != null ? related.pms.get(b.pmsId) : undefined;
  const owner = related.owners.get(b.ownerId);
  const categories = related.categories.get(b.id) ?? [];
  return {
    uuid: b.id,
    slug: b.slug,
    status: b.status as BusinessStatus,
    logo: logoUrl(b),
    logo_filename: b.logoFilename,
    business_type: type ? businessTypeJson(type, locale) : null,
    business_type_uuid: b.businessTypeId,
    corporate_name: b.corporateName,
    company_name: b.companyName,
    address: b.address,
    email: b.email,
    phone_number: b.phoneNumber,
    primary_customer_segment: b.primaryCustomerSegment,
    room_count: b.roomCount,
    total_rooms: b.totalRooms,
    corporate_tax_code: b.corporateTaxCode,
    country: b.country,
    city: b.city,
    state: b.state,
    zip_code: b.zipCode,
    website: b.website,
    social_media: b.socialMedia,
    fluctuation_level: b.fluctuationLevel,
    payment_frequency: b.paymentFrequency,
    accommodation_purpose: b.accommodationPurpose,
    is_whitelisted: b.isWhitelisted,
    advisory: b.advisory,
    currency: b.currency,
    timezone: b.timezone,
    owner: owner ? { uuid: owner.id, name: owner.name, surname: owner.surname, email: owner.email } : null,
    // Never the credentials: only whether some are stored.
    pms: pms ? pmsJson(pms, locale) : null,
    pms_credentials_saved: !!b.pmsCredentials && Object.keys(b.pmsCredentials).length > 0,
    room_setup: { categories: categories.map(categoryJson) },
    // Filled by the pricing area (rooms tariff, fluctuation levels, seasonalities).
    tariff_configuration: { rooms_tariff: null, fluctuation_levels: [], sazonalities: [] },
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    /** What the viewer may do here (user.* on this business, plus their admin.*). */
    permissions: access.permissions,
    is_owner: access.isOwner,
    /** Status events the server would accept now (forceStatus, admin-only, left out): e.g. show "retry". */
    allowed_events: isBusinessStatus(b.status) ? allowedEvents(b.status).filter((e) => e !== "forceStatus") : [],
  };
}

/**
 * Businesses as the API answers them, seen by `viewer` (whose permissions on each are included;
 * a business the viewer cannot reach shows none). Related rows are loaded in a few queries for
 * the whole list.
 */
export async function businessJsonMany(
  db: Database,
  rows: readonly BusinessRow[],
  /** `access`: the viewer's access by business id, and `linked`: the rows' types, PMS and owners, when the caller has loaded them already. */
  options: { locale: string; viewer: UserRow; access?: ReadonlyMap<string, BusinessAccess>; linked?: readonly LinkedRow[] },
): Promise<BusinessJson[]> {
  if (rows.length === 0) return [];
  const related = await loadRelated(db, rows, options.linked);
  const accesses = options.access ?? (await accessesTo(db, options.viewer, rows.map((b) => b.id)));
  return rows.map((b) => {
    const access = accesses.get(b.id);
    return toJson(b, related, options.locale, { permissions: access?.permissions ?? [], isOwner: b.ownerId === options.viewer.id });
  });
}

export async function businessJson(db: Database, row: BusinessRow, options: { locale: string; viewer: UserRow }): Promise<BusinessJson> {
  const [json] = await businessJsonMany(db, [row], options);
  return json;
}
