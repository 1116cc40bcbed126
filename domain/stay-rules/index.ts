/** Stay rules (issue 28): a night's effective rules, orphan gaps, the one judge of a stay. See docs/pricing.md "Stay rules". */
export * from "./types.ts";
export { freeRooms, orphanGaps, type InventoryInput } from "./gaps.ts";
export { categoryRules, rulesByNight, type CategoryRules, type CategoryRulesInput } from "./effective.ts";
export { gapStayNear, judgeStay, stayBreak, stayThatWorks, SUGGESTION_REACH, type StayVerdict } from "./judge.ts";
export { channexStayFields, channexSells, outsideWindow, type ChannexStayFields, type MinStayType } from "./channex.ts";
export { planLimits } from "./plans.ts";
export { GAP_ACTIONS, gapOutcome, type GapAction } from "./gap-outcome.ts";
export { gapDiscountsOf } from "./gap-discounts.ts";
export { stayRulesWhatIf, WHAT_IF_HORIZON, WHAT_IF_MAX_NIGHTS, type WhatIf } from "./what-if.ts";
export { autopilotStayChanges, changeKey, stayRuleChanges, STAY_RULE_CHANGES_PER_RUN, type StayRuleChange } from "./recommend.ts";
export { MIN_NIGHTS_PER_WEEKDAY, SUGGESTED_RELAX_BELOW, SUGGESTION_HISTORY_NIGHTS, suggestDemandRule, type DemandRuleSuggestion, type PastNight, type PastStay, type WeekdayEvidence } from "./suggest.ts";
