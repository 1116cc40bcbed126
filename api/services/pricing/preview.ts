import { compilePricing, type PricingConfig, type Seasonality } from "#domain/pricing/index.ts";
import type { SeasonalityInput } from "#domain/schemas/pricing.ts";
import type { PreviewDay } from "#contract/pricing.ts";

/** The live preview covers the next 90 nights (issue 5). */
export const PREVIEW_DAYS = 90;

/**
 * The reference category's rate on each night of the window with the configuration as it is
 * (`before`) and with the draft season in place of season `id` (or added) (`after`). Nothing is
 * saved; variations name their band by uuid or level number, as in the API.
 */
export function previewSeasonality(
  config: PricingConfig,
  id: string | null,
  input: SeasonalityInput,
  window: { from: string; to: string; today: string; occupancy: Map<string, number> },
): { category: { uuid: string; name: string } | null; days: PreviewDay[]; changed: number } {
  const category = config.room_categories.find((c) => c.price_variation_value === 0) ?? config.room_categories[0];
  if (!category) return { category: null, days: [], changed: 0 };
  const draft: Seasonality = {
    uuid: id ?? "__draft__",
    title: input.title,
    color: input.color,
    rate: input.rate,
    is_reference: input.is_reference,
    min_price: input.min_price,
    max_price: input.max_price,
    dates: input.dates,
    fluctuation_level_variations: input.fluctuation_level_variations,
    created_at: new Date(8.64e15).toISOString(),
  };
  const others = config.seasonalities.filter((s) => s.uuid !== id).map((s) => (input.is_reference ? { ...s, is_reference: false } : s));
  const after: PricingConfig = { ...config, seasonalities: [...others, draft] };
  const query = { from: window.from, to: window.to, today: window.today, occupancyByDate: window.occupancy, categoryIds: [category.uuid] };
  const hasReference = (c: PricingConfig) => c.seasonalities.some((s) => s.is_reference);
  const old = hasReference(config) ? compilePricing(config).calendar(query) : [];
  const next = hasReference(after) ? compilePricing(after).calendar(query) : [];
  const days = next.map((r, i) => ({ date: r.date, before: old[i]?.rate ?? 0, after: r.rate, season: r.seasonTitle }));
  return { category: { uuid: category.uuid, name: category.name }, days, changed: days.filter((d) => d.before !== d.after).length };
}
