-- The pickup backtest of ADR 0030 is gone (ADR 0051): GET /tracking/forecast/accuracy answers the
-- stored forecast scorecard (forecast_scorecards, migration 0034), so the daily command
-- forecast.refresh and the table it filled are no longer needed.
DROP TABLE "forecast_models";
