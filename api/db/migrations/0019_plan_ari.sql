-- Rates per rate plan on Channex (ADR 0015): a channel mapping row may name a (category, rate plan)
-- pair, and what was last pushed is kept per Channex rate plan as well as per category and night.
-- Written by hand: the snapshot chain is rebuilt by the lead (coord README).
ALTER TABLE "channel_mappings" DROP CONSTRAINT "channel_mappings_target";--> statement-breakpoint
ALTER TABLE "channel_mappings" ADD CONSTRAINT "channel_mappings_target" CHECK ("channel_mappings"."category_id" is not null or "channel_mappings"."rate_plan_id" is not null);--> statement-breakpoint
DROP INDEX "channel_mappings_channel_category_idx";--> statement-breakpoint
DROP INDEX "channel_mappings_channel_plan_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_channel_category_idx" ON "channel_mappings" USING btree ("sales_channel_id","category_id") WHERE "channel_mappings"."category_id" is not null and "channel_mappings"."rate_plan_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_channel_plan_idx" ON "channel_mappings" USING btree ("sales_channel_id","rate_plan_id") WHERE "channel_mappings"."rate_plan_id" is not null and "channel_mappings"."category_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_mappings_channel_pair_idx" ON "channel_mappings" USING btree ("sales_channel_id","category_id","rate_plan_id") WHERE "channel_mappings"."category_id" is not null and "channel_mappings"."rate_plan_id" is not null;--> statement-breakpoint
ALTER TABLE "channel_ari_state" ADD COLUMN "rate_plan_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_ari_state" ADD COLUMN "restrictions" text;--> statement-breakpoint
ALTER TABLE "channel_ari_state" DROP CONSTRAINT "channel_ari_state_category_id_night_pk";--> statement-breakpoint
ALTER TABLE "channel_ari_state" ADD CONSTRAINT "channel_ari_state_category_id_rate_plan_key_night_pk" PRIMARY KEY("category_id","rate_plan_key","night");
