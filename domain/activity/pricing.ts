import type { PricingConfig } from "#domain/pricing/types.ts";
import { changedFields, type ActivityArea } from "./index.ts";

/** One record of the pricing configuration as the activity log compares it. */
export interface PricingRecord {
  area: ActivityArea;
  /** Pairs a record before with itself after: the area plus the record's identity. */
  key: string;
  entityId: string | null;
  label: string | null;
  values: Record<string, unknown>;
}

/** A record that appeared, changed or went between two configurations (before/after null when absent). */
export interface PricingRecordChange {
  area: ActivityArea;
  entityId: string | null;
  label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The configuration split into the records an owner recognises: each season, each occupancy
 * band (by level, the identity it keeps across edits), each category's rooms and its price
 * rules, the occupancy pricing and the lead-time bands. Seasons' variations are keyed by the
 * band's level so their order in storage does not read as a change.
 */
export function pricingRecords(config: PricingConfig): PricingRecord[] {
  const levelOf = new Map(config.fluctuation_levels.map((l) => [l.uuid, l.level]));
  const out: PricingRecord[] = [];
  for (const s of config.seasonalities) {
    const variations: Record<string, unknown> = {};
    for (const v of s.fluctuation_level_variations) {
      const level = typeof v.fluctuation_level === "number" ? v.fluctuation_level : levelOf.get(v.fluctuation_level);
      if (level !== undefined) variations[`level_${level}`] = { price_variation: v.price_variation, price_variation_type: v.price_variation_type };
    }
    out.push({
      area: "seasonalities",
      key: `season:${s.uuid}`,
      entityId: s.uuid,
      label: s.title,
      values: {
        title: s.title,
        color: s.color,
        rate: s.rate,
        is_reference: s.is_reference,
        min_price: s.min_price ?? null,
        max_price: s.max_price ?? null,
        dates: s.dates.map((d) => ({ starts_at: d.starts_at, ends_at: d.ends_at, days_of_week: d.days_of_week })),
        fluctuation_level_variations: Object.fromEntries(Object.entries(variations).sort(([a], [b]) => a.localeCompare(b))),
      },
    });
  }
  for (const l of config.fluctuation_levels) {
    out.push({
      area: "occupancy_bands",
      key: `band:${l.level}`,
      entityId: null,
      label: l.name,
      values: { level: l.level, name: l.name, from_percentage: l.from_percentage, to_percentage: l.to_percentage, room_count: l.room_count ?? null },
    });
  }
  for (const c of config.room_categories) {
    out.push({
      area: "rooms",
      key: `category:${c.uuid}`,
      entityId: c.uuid,
      label: c.name,
      values: { name: c.name, room_count: c.room_count ?? null, min_occupation: c.min_occupation, max_occupation: c.max_occupation },
    });
    out.push({
      area: "price_settings",
      key: `category-price:${c.uuid}`,
      entityId: c.uuid,
      label: c.name,
      values: { price_variation_type: c.price_variation_type ?? null, price_variation_value: c.price_variation_value, min_price: c.min_price ?? null, max_price: c.max_price ?? null },
    });
  }
  if (config.occupancy_pricing) {
    const { uuid: _uuid, ...values } = config.occupancy_pricing;
    out.push({ area: "price_settings", key: "occupancy-pricing", entityId: null, label: null, values: { ...values } });
  }
  out.push({
    area: "price_settings",
    key: "lead-time",
    entityId: null,
    label: null,
    values: { lead_time_bands: (config.lead_time_bands ?? []).map((b) => ({ from_days: b.from_days, to_days: b.to_days, percentage: b.percentage, max_occupancy: b.max_occupancy ?? null })) },
  });
  return out;
}

/**
 * The records that differ between two configurations, in the order of `pricingRecords`
 * (records equal on both sides are left out; the field-level diff is `changedFields`'s job).
 * A category's price record is left out when the category itself appeared or went: the rooms
 * line says it.
 */
export function pricingRecordChanges(before: PricingConfig, after: PricingConfig): PricingRecordChange[] {
  const left = new Map(pricingRecords(before).map((r) => [r.key, r]));
  const right = new Map(pricingRecords(after).map((r) => [r.key, r]));
  const keys = [...new Set([...right.keys(), ...left.keys()])];
  const out: PricingRecordChange[] = [];
  for (const key of keys) {
    const a = left.get(key) ?? null;
    const b = right.get(key) ?? null;
    if (a && b && changedFields(a.values, b.values).length === 0) continue;
    if (key.startsWith("category-price:") && (!a || !b)) continue;
    if (key === "lead-time" && (!a || !b)) continue;
    const r = (b ?? a)!;
    out.push({ area: r.area, entityId: r.entityId, label: r.label, before: a?.values ?? null, after: b?.values ?? null });
  }
  return out;
}
