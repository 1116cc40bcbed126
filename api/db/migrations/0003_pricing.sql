CREATE TABLE "fluctuation_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"room_count" integer,
	"from_percentage" numeric(5, 2) NOT NULL,
	"to_percentage" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fluctuation_levels_range" CHECK ("fluctuation_levels"."from_percentage" >= 0 and "fluctuation_levels"."to_percentage" <= 100 and "fluctuation_levels"."from_percentage" < "fluctuation_levels"."to_percentage")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"date" date NOT NULL,
	"name" jsonb NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_time_bands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"from_days" integer NOT NULL,
	"to_days" integer,
	"percentage" numeric(7, 2) NOT NULL,
	"max_occupancy" numeric(5, 2),
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_prices" (
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"date" date NOT NULL,
	"price" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_prices_room_category_id_date_pk" PRIMARY KEY("room_category_id","date"),
	CONSTRAINT "manual_prices_price" CHECK ("manual_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "occupancy_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"price_variation_type" text DEFAULT 'value' NOT NULL,
	"apply_single_rate" boolean DEFAULT false NOT NULL,
	"single_rate_variation" numeric(12, 2) DEFAULT 0 NOT NULL,
	"price_increase_per_person" numeric(12, 2) DEFAULT 0 NOT NULL,
	"reference_occupation" integer DEFAULT 2 NOT NULL,
	"manual_prices_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occupancy_pricing_businessId_unique" UNIQUE("business_id")
);
--> statement-breakpoint
CREATE TABLE "occupation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"room_category_id" uuid,
	"room_category_name" text,
	"from_value" numeric(12, 2),
	"to_value" numeric(12, 2),
	"reason" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_rates" (
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"date" date NOT NULL,
	"rate" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_rates_room_category_id_date_pk" PRIMARY KEY("room_category_id","date")
);
--> statement-breakpoint
CREATE TABLE "rate_snapshots" (
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"date" date NOT NULL,
	"rate" integer NOT NULL,
	"occupancy" numeric(5, 2) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_snapshots_room_category_id_date_pk" PRIMARY KEY("room_category_id","date")
);
--> statement-breakpoint
CREATE TABLE "seasonalities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"rate" integer NOT NULL,
	"is_reference" boolean DEFAULT false NOT NULL,
	"min_price" integer,
	"max_price" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasonalities_rate_positive" CHECK ("seasonalities"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "seasonality_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seasonality_id" uuid NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"days_of_week" integer[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seasonality_dates_order" CHECK ("seasonality_dates"."starts_at" <= "seasonality_dates"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "seasonality_level_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seasonality_id" uuid NOT NULL,
	"fluctuation_level_id" uuid NOT NULL,
	"price_variation_type" text DEFAULT 'percentage' NOT NULL,
	"price_variation" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fluctuation_levels" ADD CONSTRAINT "fluctuation_levels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_time_bands" ADD CONSTRAINT "lead_time_bands_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_prices" ADD CONSTRAINT "manual_prices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_prices" ADD CONSTRAINT "manual_prices_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_prices" ADD CONSTRAINT "manual_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupancy_pricing" ADD CONSTRAINT "occupancy_pricing_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupation_logs" ADD CONSTRAINT "occupation_logs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupation_logs" ADD CONSTRAINT "occupation_logs_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupation_logs" ADD CONSTRAINT "occupation_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rates" ADD CONSTRAINT "published_rates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rates" ADD CONSTRAINT "published_rates_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_rates" ADD CONSTRAINT "published_rates_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_snapshots" ADD CONSTRAINT "rate_snapshots_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_snapshots" ADD CONSTRAINT "rate_snapshots_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonalities" ADD CONSTRAINT "seasonalities_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonality_dates" ADD CONSTRAINT "seasonality_dates_seasonality_id_seasonalities_id_fk" FOREIGN KEY ("seasonality_id") REFERENCES "public"."seasonalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonality_level_variations" ADD CONSTRAINT "seasonality_level_variations_seasonality_id_seasonalities_id_fk" FOREIGN KEY ("seasonality_id") REFERENCES "public"."seasonalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasonality_level_variations" ADD CONSTRAINT "seasonality_level_variations_fluctuation_level_id_fluctuation_levels_id_fk" FOREIGN KEY ("fluctuation_level_id") REFERENCES "public"."fluctuation_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fluctuation_levels_business_level_idx" ON "fluctuation_levels" USING btree ("business_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_place_date_idx" ON "holidays" USING btree ("country",coalesce("state", ''),"date");--> statement-breakpoint
CREATE INDEX "holidays_country_date_idx" ON "holidays" USING btree ("country","date");--> statement-breakpoint
CREATE INDEX "lead_time_bands_business_idx" ON "lead_time_bands" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "manual_prices_business_date_idx" ON "manual_prices" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "occupation_logs_business_date_idx" ON "occupation_logs" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "occupation_logs_business_created_idx" ON "occupation_logs" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "published_rates_business_date_idx" ON "published_rates" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "rate_snapshots_business_date_idx" ON "rate_snapshots" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "seasonalities_business_idx" ON "seasonalities" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasonalities_one_reference_idx" ON "seasonalities" USING btree ("business_id") WHERE "seasonalities"."is_reference";--> statement-breakpoint
CREATE INDEX "seasonality_dates_season_idx" ON "seasonality_dates" USING btree ("seasonality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasonality_level_variations_pair_idx" ON "seasonality_level_variations" USING btree ("seasonality_id","fluctuation_level_id");