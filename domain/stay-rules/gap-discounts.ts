/**
 * The price side of the gap fill: a night of an open orphan gap sells at the owner's discount
 * (`GapSettings.discountPercent`), as the pricing engine takes it (`CalendarQuery.gapDiscounts`,
 * step `gapDiscount`, before the floor). Read from the nights' effective rules, so a night's
 * price and its rules never disagree: gap fill off or a 0 % discount gives no discount.
 */
import type { GapDiscount, GapDiscounts } from "#domain/pricing/types.ts";
import type { CategoryRules } from "./effective.ts";

export function gapDiscountsOf(byCategory: ReadonlyMap<string, CategoryRules>): GapDiscounts {
  const out = new Map<string, Map<string, GapDiscount>>();
  for (const [categoryId, rules] of byCategory) {
    const nights = new Map<string, GapDiscount>();
    for (const n of rules.nights) {
      if (n.discountPercent <= 0) continue;
      const gap = n.steps.find((s) => s.step === "orphanGap");
      if (gap?.step !== "orphanGap") continue;
      nights.set(n.night, { percentage: n.discountPercent, first: gap.detail.first, last: gap.detail.last, nights: gap.detail.nights });
    }
    if (nights.size) out.set(categoryId, nights);
  }
  return out;
}
