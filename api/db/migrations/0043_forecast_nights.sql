-- The forecast of each night × room category of the year ahead, as of the day it was computed
-- (issue 27 point 1, ADR 0054): stored by the daily pricing.recompute (and after the seed and an
-- import) so the revenue brain reads the forecast's demand without recomputing it on every booking.
CREATE TABLE "forecast_nights" (
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"as_of" date NOT NULL,
	"unconstrained" real NOT NULL,
	"low" real,
	"high" real,
	CONSTRAINT "forecast_nights_pk" PRIMARY KEY("business_id","category_id","night")
);--> statement-breakpoint
ALTER TABLE "forecast_nights" ADD CONSTRAINT "forecast_nights_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_nights" ADD CONSTRAINT "forecast_nights_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;
