-- The rate plan a reservation was sold on (booking engine, or a channel's Channex rate plan mapped to ours).
-- Written by hand from drizzle-kit's output: the snapshot chain is rebuilt by the lead.
ALTER TABLE "reservations" ADD COLUMN "rate_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_rate_plan_id_rate_plans_id_fk" FOREIGN KEY ("rate_plan_id") REFERENCES "public"."rate_plans"("id") ON DELETE set null ON UPDATE no action;