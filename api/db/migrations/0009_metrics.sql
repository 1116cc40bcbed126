CREATE TABLE "business_goals" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"revenue" integer,
	"occupancy" numeric(5, 2),
	"adr" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_goals_business_id_month_pk" PRIMARY KEY("business_id","month"),
	CONSTRAINT "business_goals_month" CHECK (extract(day from "business_goals"."month") = 1),
	CONSTRAINT "business_goals_values" CHECK (("business_goals"."revenue" is null or "business_goals"."revenue" >= 0) and ("business_goals"."adr" is null or "business_goals"."adr" >= 0) and ("business_goals"."occupancy" is null or ("business_goals"."occupancy" >= 0 and "business_goals"."occupancy" <= 100)))
);
--> statement-breakpoint
ALTER TABLE "business_goals" ADD CONSTRAINT "business_goals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_goals" ADD CONSTRAINT "business_goals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_business_created_idx" ON "reservations" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_business_cancelled_idx" ON "reservations" USING btree ("business_id","cancelled_at");