CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_label" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text,
	"entity_label" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_business_at_idx" ON "activity_log" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "activity_log_business_area_idx" ON "activity_log" USING btree ("business_id","area","at");--> statement-breakpoint
CREATE INDEX "activity_log_business_actor_idx" ON "activity_log" USING btree ("business_id","actor_user_id","at");