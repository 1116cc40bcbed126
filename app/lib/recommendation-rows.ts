// The recommendation list's rows (/recommendations): each named by a key, in a URL or a button's
// value, and cut into pages of whole nights.
import { RECOMMENDED_FIELDS, type RecommendedField } from "#domain/brain/types";

/** One recommendation named in a URL or a button's value: its night, room category and field. */
export interface RecommendationKey {
  night: string;
  category: string;
  field: RecommendedField;
}

/** "2026-12-03.<category uuid>.price": dots, because none of the three parts holds one. */
export function recommendationKey(r: { night: string; room_category_uuid: string; field: RecommendedField }): string {
  return `${r.night}.${r.room_category_uuid}.${r.field}`;
}

/** The key back into its parts; null for anything that is not one (a hand-edited URL, a forged button). */
export function parseRecommendationKey(text: string | null | undefined): RecommendationKey | null {
  const [night, category, field, ...rest] = String(text ?? "").split(".");
  if (rest.length || !/^\d{4}-\d{2}-\d{2}$/.test(night ?? "") || !/^[0-9a-f-]{36}$/i.test(category ?? "")) return null;
  return (RECOMMENDED_FIELDS as readonly string[]).includes(field ?? "") ? { night, category, field: field as RecommendedField } : null;
}

/**
 * The first nights whose rows fit in `max`, each night whole, and the night after them (null when
 * all fit). A first night with more rows than `max` is shown whole on its own. `rows` are in
 * night order, as the API lists them.
 */
export function wholeNights<R extends { night: string }>(rows: R[], max: number): { shown: R[]; next: string | null } {
  if (rows.length <= max) return { shown: rows, next: null };
  const first = rows[0].night;
  const next = rows[max].night > first ? rows[max].night : rows.find((r) => r.night > first)?.night;
  return next ? { shown: rows.filter((r) => r.night < next), next } : { shown: rows, next: null };
}
