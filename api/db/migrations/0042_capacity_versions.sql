-- Rooms as of any day (issue 26 point 1, docs/decisions/0053-capacity-versions-by-trigger.md): every
-- room count a category had and every state a room block had, with the time it became true, so the
-- forecast's backtest and the books "as of D" divide by the rooms the hotel had on D, not today's.
-- Written by row triggers on room_categories and room_blocks (as reservation_versions, 0031), so
-- every path that changes them records it. Hand-written (no snapshot).
CREATE TABLE "room_count_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"category_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"room_count" integer NOT NULL
);--> statement-breakpoint
ALTER TABLE "room_count_versions" ADD CONSTRAINT "room_count_versions_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_count_versions" ADD CONSTRAINT "room_count_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_count_versions_business_idx" ON "room_count_versions" USING btree ("business_id","category_id","valid_from");--> statement-breakpoint
INSERT INTO "room_count_versions" ("category_id", "business_id", "valid_from", "room_count")
  SELECT "id", "business_id", "created_at", "room_count" FROM "room_categories";--> statement-breakpoint
CREATE FUNCTION "room_count_versions_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_count_versions (category_id, business_id, valid_from, room_count)
  VALUES (NEW.id, NEW.business_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END, NEW.room_count);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "room_count_versions_on_insert" AFTER INSERT ON "room_categories"
  FOR EACH ROW EXECUTE FUNCTION room_count_versions_record();--> statement-breakpoint
CREATE TRIGGER "room_count_versions_on_update" AFTER UPDATE OF "room_count" ON "room_categories"
  FOR EACH ROW WHEN (OLD.room_count IS DISTINCT FROM NEW.room_count) EXECUTE FUNCTION room_count_versions_record();--> statement-breakpoint
CREATE TABLE "room_block_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"block_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"count" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "room_block_versions" ADD CONSTRAINT "room_block_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_block_versions" ADD CONSTRAINT "room_block_versions_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_block_versions_business_idx" ON "room_block_versions" USING btree ("business_id","ends_at");--> statement-breakpoint
CREATE INDEX "room_block_versions_block_idx" ON "room_block_versions" USING btree ("block_id") WHERE "valid_to" IS NULL;--> statement-breakpoint
INSERT INTO "room_block_versions" ("block_id", "business_id", "category_id", "starts_at", "ends_at", "count", "valid_from")
  SELECT "id", "business_id", "category_id", "starts_at", "ends_at", "count", "created_at" FROM "room_blocks";--> statement-breakpoint
CREATE FUNCTION "room_block_versions_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An edit or a removal ends the block's state in force: an edit at its updated_at, a removal at
  -- the updated_at the service stamps on the row just before deleting it (api/services/bookings/blocks.ts)…
  IF TG_OP <> 'INSERT' THEN
    UPDATE room_block_versions SET valid_to = greatest(valid_from, CASE WHEN TG_OP = 'UPDATE' THEN NEW.updated_at ELSE OLD.updated_at END)
    WHERE block_id = OLD.id AND valid_to IS NULL;
  END IF;
  -- …and a new or edited block starts one.
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO room_block_versions (block_id, business_id, category_id, starts_at, ends_at, count, valid_from)
    VALUES (NEW.id, NEW.business_id, NEW.category_id, NEW.starts_at, NEW.ends_at, NEW.count, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE NEW.updated_at END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "room_block_versions_on_insert" AFTER INSERT ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION room_block_versions_record();--> statement-breakpoint
CREATE TRIGGER "room_block_versions_on_update" AFTER UPDATE OF "category_id", "starts_at", "ends_at", "count" ON "room_blocks"
  FOR EACH ROW WHEN ((OLD.category_id, OLD.starts_at, OLD.ends_at, OLD.count) IS DISTINCT FROM (NEW.category_id, NEW.starts_at, NEW.ends_at, NEW.count))
  EXECUTE FUNCTION room_block_versions_record();--> statement-breakpoint
CREATE TRIGGER "room_block_versions_on_delete" AFTER DELETE ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION room_block_versions_record();
