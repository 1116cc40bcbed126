CREATE TABLE "business_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "business_rewards_kind" CHECK ("business_rewards"."kind" in ('goal_met', 'prices_published', 'revpar_above_last_year'))
);
--> statement-breakpoint
ALTER TABLE "business_rewards" ADD CONSTRAINT "business_rewards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_rewards_business_kind_period_idx" ON "business_rewards" USING btree ("business_id","kind","period");--> statement-breakpoint
CREATE INDEX "business_rewards_unnotified_idx" ON "business_rewards" USING btree ("earned_at") WHERE "business_rewards"."notified_at" is null;