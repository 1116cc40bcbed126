-- The revenue brain (issue 27, docs/pricing.md "The revenue brain"): guardrails and mode per
-- business, a mode per category, the owner's events, the current recommendation of each night ×
-- category × field, and the history of every manual price written (undo reads it).
-- Hand-written (as 0030, no snapshot).
CREATE TABLE "brain_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'off' NOT NULL,
	"max_daily_change_percent" numeric(6, 2) NOT NULL,
	"max_weekly_change_percent" numeric(6, 2) NOT NULL,
	"freeze_days" integer NOT NULL,
	"max_interval_percent" numeric(6, 2) NOT NULL,
	"max_move_per_booking_percent" numeric(6, 2) NOT NULL,
	"target_occupancy_percent" numeric(6, 2) NOT NULL,
	"demand_sensitivity" numeric(6, 2) NOT NULL,
	"market_weight_percent" numeric(6, 2) NOT NULL,
	"holiday_effect_percent" numeric(6, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "brain_category_modes" (
	"room_category_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"mode" text NOT NULL
);--> statement-breakpoint
CREATE TABLE "brain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"effect_percent" numeric(6, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brain_events_dates" CHECK ("brain_events"."ends_at" >= "brain_events"."starts_at")
);--> statement-breakpoint
CREATE TABLE "brain_recommendations" (
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"field" text NOT NULL,
	"current" integer NOT NULL,
	"value" integer NOT NULL,
	"status" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"effect" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "brain_recommendations_room_category_id_night_field_pk" PRIMARY KEY("room_category_id","night","field")
);--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"room_category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"before" integer,
	"after" integer,
	"source" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "brain_settings" ADD CONSTRAINT "brain_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_category_modes" ADD CONSTRAINT "brain_category_modes_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_category_modes" ADD CONSTRAINT "brain_category_modes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_events" ADD CONSTRAINT "brain_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_recommendations" ADD CONSTRAINT "brain_recommendations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_recommendations" ADD CONSTRAINT "brain_recommendations_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brain_recommendations" ADD CONSTRAINT "brain_recommendations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_room_category_id_room_categories_id_fk" FOREIGN KEY ("room_category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brain_events_business_idx" ON "brain_events" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "brain_recommendations_business_night_idx" ON "brain_recommendations" USING btree ("business_id","night");--> statement-breakpoint
CREATE INDEX "price_changes_category_night_idx" ON "price_changes" USING btree ("room_category_id","night","created_at");--> statement-breakpoint
CREATE INDEX "price_changes_business_created_idx" ON "price_changes" USING btree ("business_id","created_at");
--> statement-breakpoint
-- The brain's settings, events, recommendations and price history move the business's data version
-- (ADR 0034): the calendar and the recommendations page, remembered answers, show them at once.
SELECT "track_data_version"('brain_settings', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('brain_category_modes', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('brain_events', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('brain_recommendations', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('price_changes', 'business_id');
