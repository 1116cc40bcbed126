-- Stay-rule changes through the revenue brain (issue 28 point 3, ADR 0050): in the stay rules'
-- recommend and autopilot modes a demand rule's minimum stay or an orphan gap's lowered minimum is
-- not applied live; it becomes a recommendation (brain_recommendations, field min_stay_arrival or
-- min_stay_through) and takes effect once accepted or applied by the autopilot. The values so
-- applied live here per night; every write keeps a history line, from which undo restores a moment.
CREATE TABLE IF NOT EXISTS "stay_rule_brain_values" (
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"room_category_id" uuid NOT NULL REFERENCES "room_categories"("id") ON DELETE CASCADE,
	"night" date NOT NULL,
	"min_stay_arrival" integer,
	"min_stay_through" integer,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_rule_brain_values_room_category_id_night_pk" PRIMARY KEY("room_category_id","night")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stay_rule_brain_values_business_night_idx" ON "stay_rule_brain_values" USING btree ("business_id","night");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stay_rule_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"room_category_id" uuid NOT NULL REFERENCES "room_categories"("id") ON DELETE CASCADE,
	"night" date NOT NULL,
	"field" text NOT NULL,
	"before" integer,
	"after" integer,
	"source" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stay_rule_changes_category_night_idx" ON "stay_rule_changes" USING btree ("room_category_id","night","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stay_rule_changes_business_created_idx" ON "stay_rule_changes" USING btree ("business_id","created_at");
--> statement-breakpoint
-- Both move the business's data version (ADR 0034): the calendar shows the applied rules and
-- /recommendations lists the moments undo can restore.
SELECT "track_data_version"('stay_rule_brain_values', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('stay_rule_changes', 'business_id');
