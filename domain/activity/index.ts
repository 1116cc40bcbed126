/**
 * The business activity log's vocabulary and its one rule: what changed between two versions of
 * a record (docs/decisions/0025-activity-log.md). Pure; the API records, the web reads.
 */

export const ACTIVITY_AREAS = [
  "price_settings",
  "seasonalities",
  "occupancy_bands",
  "rooms",
  "reservations",
  "collaborators",
  "subscription",
  "business",
  "ledger",
  "distribution",
] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

export const ACTIVITY_ACTIONS = ["created", "updated", "deleted"] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Who made a change: a person, or the machinery acting for the business. */
export const ACTOR_KINDS = ["user", "booking_engine", "channel", "job", "payment_provider"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** The actors that are not a person (the log's filter lists them after the people). */
export const MACHINE_ACTORS = ["booking_engine", "channel", "job", "payment_provider"] as const satisfies readonly Exclude<ActorKind, "user">[];

export type Actor = { kind: "user"; userId: string } | { kind: Exclude<ActorKind, "user">; label?: string | null };

/** One field that changed: `field` is a dotted path (`dates.0.ends_at`), null stands for "absent". */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

type Plain = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** Leaves of a value as path → scalar; dates become ISO strings, undefined becomes null. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (value instanceof Date) {
    out.set(prefix, value.toISOString());
  } else if (Array.isArray(value) && value.some((v) => isPlainObject(v) || Array.isArray(v))) {
    value.forEach((v, i) => flatten(v, prefix ? `${prefix}.${i}` : String(i), out));
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    // Arrays of scalars (days of the week, permissions) stay one value: "[1,2] → [1,2,3]" reads better than per-index noise.
    out.set(prefix, value === undefined ? null : value);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between `before` and `after` (null: the record did not exist / no
 * longer exists), sorted by path. Nested objects and arrays of objects are compared leaf by
 * leaf; `ignore` names top-level fields left out (timestamps, ids the reader never sees).
 */
export function changedFields(before: Plain | null, after: Plain | null, ignore: readonly string[] = []): FieldChange[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  const strip = (v: Plain | null) => (v ? Object.fromEntries(Object.entries(v).filter(([k]) => !ignore.includes(k))) : {});
  flatten(strip(before), "", left);
  flatten(strip(after), "", right);
  const fields = [...new Set([...left.keys(), ...right.keys()])].sort();
  const out: FieldChange[] = [];
  for (const field of fields) {
    const from = left.has(field) ? left.get(field) : null;
    const to = right.has(field) ? right.get(field) : null;
    if (!same(from, to)) out.push({ field, from: from ?? null, to: to ?? null });
  }
  return out;
}

/** created / updated / deleted from which side exists. */
export function actionFor(before: unknown, after: unknown): ActivityAction {
  if (before == null) return "created";
  if (after == null) return "deleted";
  return "updated";
}

/** Field names whose values are money in cents, so readers format them with the business currency. */
const MONEY_FIELD = /(^|\.)(rate|price|min_price|max_price|price_increase_per_person|amount|total|amount_cents|total_cents|price_cents|unit_price)$/;

/** How a reader should show a changed value: money, a list, yes/no, empty or as text. */
export function valueKind(field: string, value: unknown): "money" | "list" | "boolean" | "empty" | "text" {
  if (value === null || value === undefined || value === "") return "empty";
  if (typeof value === "boolean") return "boolean";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number" && MONEY_FIELD.test(field)) return "money";
  return "text";
}
