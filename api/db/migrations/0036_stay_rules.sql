-- Stay rules (issue 28, docs/pricing.md "Stay rules"): gap fill and mode per business, base rules
-- per category, demand rules, and the owner's overrides per night. Hand-written (as 0035).
CREATE TABLE "stay_rule_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"gap_fill" boolean DEFAULT true NOT NULL,
	"gap_max_nights" integer DEFAULT 2 NOT NULL,
	"gap_discount_percent" numeric(6, 2) DEFAULT 0 NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "stay_rule_bases" (
	"room_category_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"min_stay" integer DEFAULT 1 NOT NULL,
	"weekend_min_stay" integer,
	"max_stay" integer,
	"closed_to_arrival" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"closed_to_departure" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_advance_days" integer DEFAULT 0 NOT NULL,
	"max_advance_days" integer
);--> statement-breakpoint
CREATE TABLE "stay_demand_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"room_category_id" uuid,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"starts_at" date,
	"ends_at" date,
	"applies_to" text NOT NULL,
	"min_stay" integer NOT NULL,
	"relax_inside_days" integer DEFAULT 0 NOT NULL,
	"relax_below_occupancy_percent" numeric(6, 2),
	"relaxed_min_stay" integer DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_demand_rules_dates" CHECK ("stay_demand_rules"."ends_at" is null or "stay_demand_rules"."starts_at" is null or "stay_demand_rules"."ends_at" >= "stay_demand_rules"."starts_at")
);--> statement-breakpoint
CREATE TABLE "stay_rule_overrides" (
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"min_stay_arrival" integer,
	"min_stay_through" integer,
	"max_stay" integer,
	"closed_to_arrival" boolean,
	"closed_to_departure" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_rule_overrides_room_category_id_night_pk" PRIMARY KEY("room_category_id","night")
);--> statement-breakpoint
ALTER TABLE "stay_rule_settings" ADD CONSTRAINT "stay_rule_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_rule_bases" ADD CONSTRAINT "stay_rule_bases_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_rule_bases" ADD CONSTRAINT "stay_rule_bases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_demand_rules" ADD CONSTRAINT "stay_demand_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_demand_rules" ADD CONSTRAINT "stay_demand_rules_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_rule_overrides" ADD CONSTRAINT "stay_rule_overrides_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_rule_overrides" ADD CONSTRAINT "stay_rule_overrides_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_demand_rules_business_idx" ON "stay_demand_rules" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "stay_rule_overrides_business_night_idx" ON "stay_rule_overrides" USING btree ("business_id","night");
--> statement-breakpoint
-- The rules move the business's data version (ADR 0034): the calendar shows them at once.
SELECT "track_data_version"('stay_rule_settings', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('stay_rule_bases', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('stay_demand_rules', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('stay_rule_overrides', 'business_id');
