-- The booking engine's quotes (issue 27, docs/decisions/0064-price-response-from-quotes.md): every
-- stay it priced for a would-be guest, per category shown, with the market's price of the same
-- nights and whether it was booked; the revenue brain learns the guests' answer to price from them,
-- once a day per business, kept in price_responses.
CREATE TABLE "engine_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"arrival" date NOT NULL,
	"nights" integer NOT NULL,
	"price" integer NOT NULL,
	"market" integer,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	CONSTRAINT "engine_quotes_positive" CHECK ("engine_quotes"."nights" >= 1 and "engine_quotes"."price" > 0 and ("engine_quotes"."market" is null or "engine_quotes"."market" > 0))
);--> statement-breakpoint
ALTER TABLE "engine_quotes" ADD CONSTRAINT "engine_quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_quotes" ADD CONSTRAINT "engine_quotes_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_quotes_business_quoted" ON "engine_quotes" USING btree ("business_id","quoted_at");
--> statement-breakpoint
CREATE TABLE "price_responses" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"fit" jsonb
);--> statement-breakpoint
ALTER TABLE "price_responses" ADD CONSTRAINT "price_responses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
