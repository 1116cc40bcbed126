/** The intelligence API's answers as the pages name them (contract/metrics.ts, docs/api/intelligence.md). */
export type {
  BreakdownJson as BreakdownAnswer,
  DashboardJson as DashboardAnswer,
  ExploreJson as ExploreAnswer,
  GoalsYearJson as GoalsAnswer,
  MonthlyJson as MonthlyAnswer,
  StayJson as StayFigures,
} from "#contract/metrics";
