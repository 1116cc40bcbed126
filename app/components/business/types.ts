import type { BusinessJson, PmsJson } from "#contract/business";

/**
 * What the API answers about businesses (spec section 3 plus `room_setup`, `logo`, `slug` and the
 * caller's `permissions`), as the web reads it. Browser-safe: types only.
 */

/** A translatable text: the API may answer it already translated or as `{ "pt-BR": …, "en-US": … }`. */
export type MaybeTranslated = string | Record<string, string> | null | undefined;

export interface BusinessTypeJson {
  uuid: string;
  title: MaybeTranslated;
  description: MaybeTranslated;
  icon: string | null;
  is_bnb: boolean;
}

/** A business and a PMS as the API answers them (contract/business.ts): labels already translated. */
export type { BusinessJson, PmsJson };

export type PriceVariationType = "value" | "percentage";

export interface RoomCategoryJson {
  uuid: string;
  name: string;
  room_count: number;
  min_occupation: number;
  max_occupation: number;
  price_variation_type: PriceVariationType;
  /** Cents when the type is `value`; percent when `percentage`. */
  price_variation_value: number;
  /** Channel commission in percent (15.5 = 15,5 %). */
  commission: number;
}

export interface PersonJson {
  uuid: string;
  name: string;
  surname: string;
  email: string;
}

export interface CollaboratorJson {
  user: PersonJson;
  permissions: string[];
}

export interface InvitationJson {
  uuid: string;
  email: string;
  permissions: string[];
  expires_at: string;
}

/** The text of a translatable value in `locale`, falling back to pt-BR and then any text. */
export function translated(value: MaybeTranslated, locale: string): string {
  if (!value) return "";
  if (typeof value === "string") return value;
  return value[locale] ?? value["pt-BR"] ?? Object.values(value)[0] ?? "";
}

export function categoriesOf(business: Pick<BusinessJson, "room_setup">): RoomCategoryJson[] {
  return business.room_setup?.categories ?? [];
}

export function totalRooms(business: Pick<BusinessJson, "room_setup" | "total_rooms" | "room_count">): number {
  const categories = categoriesOf(business);
  if (categories.length) return categories.reduce((sum, c) => sum + (c.room_count || 0), 0);
  return business.total_rooms || business.room_count || 0;
}
