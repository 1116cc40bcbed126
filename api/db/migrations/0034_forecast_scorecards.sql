-- The forecast's scorecard per business (issue 26 point 6): the backtest of the hotel's own last
-- year, computed by the daily command forecast.scorecard, after the seed and after an import.
CREATE TABLE "forecast_scorecards" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"as_of" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"scorecard" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "forecast_scorecards" ADD CONSTRAINT "forecast_scorecards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A new scorecard moves the business's data version, so a remembered forecast answer shows it at once.
SELECT "track_data_version"('forecast_scorecards', 'business_id');
