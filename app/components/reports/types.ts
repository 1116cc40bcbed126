import type { CommissionsJson, FinancialJson } from "#contract/reports";

/** The reports' answers as the pages name them (contract/reports.ts, docs/api/reports.md). Money in cents. */
export type {
  CommissionsJson as CommissionsAnswer,
  FinancialJson as FinancialAnswer,
  HostUnitsJson as UnitsAnswer,
  ReportsSummaryJson as ReportsIndexAnswer,
  RewardsJson as RewardsAnswer,
} from "#contract/reports";

/** One line of the financial report (the totals, a month, a channel, a category). */
export type FinancialLine = FinancialJson["totals"];
/** One line of the commissions report. */
export type CommissionLine = CommissionsJson["totals"];
