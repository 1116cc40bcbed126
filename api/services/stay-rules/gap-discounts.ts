import type { GapDiscounts } from "#domain/pricing/types.ts";
import { gapDiscountsOf } from "#domain/stay-rules/index.ts";
import type { Database } from "#api/db/client.ts";
import { sharedStayRuleConfig } from "./config.ts";
import { effectiveRules, type RulesQuery } from "./effective.ts";

const NONE: GapDiscounts = new Map();

/**
 * The discount of each night of an open orphan gap over `from … to` (domain/stay-rules
 * gap-discounts.ts), as the pricing engine takes it. The one place every price reader gets it
 * from — the calendar, the rates pushed to channels (currentRates), the booking engine's offers
 * and the bookings form's quote (priceStay) — so they all quote the same price. Nothing more is
 * read when gap fill is off or its discount is 0.
 */
export async function gapDiscounts(db: Database, businessId: string, q: RulesQuery): Promise<GapDiscounts> {
  const config = await sharedStayRuleConfig(db, businessId);
  if (!config.gaps.enabled || config.gaps.discountPercent <= 0) return NONE;
  return gapDiscountsOf(await effectiveRules(db, businessId, q, config));
}
