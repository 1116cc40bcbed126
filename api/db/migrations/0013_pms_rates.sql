CREATE TABLE "channel_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"sales_channel_id" uuid NOT NULL,
	"category_id" uuid,
	"rate_plan_id" uuid,
	"external_id" text,
	"excluded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_mappings_target" CHECK (("channel_mappings"."category_id" is null) <> ("channel_mappings"."rate_plan_id" is null)),
	CONSTRAINT "channel_mappings_external" CHECK ("channel_mappings"."excluded" or "channel_mappings"."external_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "hotel_policies" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"check_in_from" text DEFAULT '14:00' NOT NULL,
	"check_in_until" text,
	"check_out_until" text DEFAULT '12:00' NOT NULL,
	"free_cancellation_days" integer,
	"cancellation_policy" text,
	"no_show_policy" text,
	"guarantee" text DEFAULT 'none' NOT NULL,
	"deposit_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"children_allowed" boolean DEFAULT true NOT NULL,
	"children_policy" text,
	"pets_allowed" boolean DEFAULT false NOT NULL,
	"pets_policy" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_policies_deposit" CHECK ("hotel_policies"."deposit_percent" >= 0 and "hotel_policies"."deposit_percent" <= 100),
	CONSTRAINT "hotel_policies_free_cancellation" CHECK ("hotel_policies"."free_cancellation_days" is null or "hotel_policies"."free_cancellation_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"adjustment_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"amount_per_guest" integer DEFAULT 0 NOT NULL,
	"long_stay_min_nights" integer,
	"meal_plan" text DEFAULT 'room_only' NOT NULL,
	"cancellation_source" text DEFAULT 'hotel' NOT NULL,
	"cancellation_text" text,
	"min_stay" integer,
	"max_stay" integer,
	"closed_to_arrival" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"closed_to_departure" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_adjustment" CHECK ("rate_plans"."adjustment_percent" >= -100 and "rate_plans"."adjustment_percent" <= 500),
	CONSTRAINT "rate_plans_amount_per_guest" CHECK ("rate_plans"."amount_per_guest" >= -100000000 and "rate_plans"."amount_per_guest" <= 100000000),
	CONSTRAINT "rate_plans_stay" CHECK (("rate_plans"."min_stay" is null or "rate_plans"."min_stay" >= 1) and ("rate_plans"."max_stay" is null or "rate_plans"."max_stay" >= coalesce("rate_plans"."min_stay", 1))),
	CONSTRAINT "rate_plans_long_stay" CHECK ("rate_plans"."long_stay_min_nights" is null or "rate_plans"."long_stay_min_nights" >= 2)
);
--> statement-breakpoint
CREATE TABLE "sales_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"commission" numeric(5, 2) DEFAULT 0 NOT NULL,
	"markup" numeric(5, 2) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"connection" text DEFAULT 'none' NOT NULL,
	"external_property_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_channels_commission" CHECK ("sales_channels"."commission" >= 0 and "sales_channels"."commission" <= 100),
	CONSTRAINT "sales_channels_markup" CHECK ("sales_channels"."markup" >= 0 and "sales_channels"."markup" <= 100)
);
--> statement-breakpoint
ALTER TABLE "channel_mappings" ADD CONSTRAINT "channel_mappings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_mappings" ADD CONSTRAINT "channel_mappings_sales_channel_id_sales_channels_id_fk" FOREIGN KEY ("sales_channel_id") REFERENCES "public"."sales_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_mappings" ADD CONSTRAINT "channel_mappings_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_mappings" ADD CONSTRAINT "channel_mappings_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_policies" ADD CONSTRAINT "hotel_policies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channels" ADD CONSTRAINT "sales_channels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_mappings_channel_idx" ON "channel_mappings" USING btree ("sales_channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_channel_category_idx" ON "channel_mappings" USING btree ("sales_channel_id","category_id") WHERE "channel_mappings"."category_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_channel_plan_idx" ON "channel_mappings" USING btree ("sales_channel_id","rate_plan_id") WHERE "channel_mappings"."rate_plan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_business_code_idx" ON "rate_plans" USING btree ("business_id","code");--> statement-breakpoint
CREATE INDEX "rate_plans_business_idx" ON "rate_plans" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_channels_business_code_idx" ON "sales_channels" USING btree ("business_id","code");