-- The forecast's learnt part per business, refreshed by the daily command forecast.refresh (ADR 0030).
-- Written by hand from drizzle-kit's output: the snapshot chain is rebuilt by the lead.
CREATE TABLE "forecast_models" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"as_of" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "forecast_models" ADD CONSTRAINT "forecast_models_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
