-- The forecast's learnt part per business, refreshed by the daily command forecast.refresh (ADR 0030).
-- Written by hand from drizzle-kit's output: the snapshot chain is rebuilt by the lead.
CREATE TABLE "forecast_models" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"as_of" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" jsonb NOT NULL
);--> statement-breakpoint
ALTER TABLE "forecast_models" ADD CONSTRAINT "forecast_models_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each user's in-app notifications per kind and how many are unread, kept by statement triggers
-- (ADR 0030): the list's total and the bell no longer count the rows.
CREATE TABLE "notification_counts" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "notification_counts_add"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  -- Adds a statement's changes ([{ user_id, kind, total, unread }], already summed) to the counts;
  -- a user deleted takes their counts with them (the cascade): nothing to add for them.
  INSERT INTO notification_counts AS c (user_id, kind, total, unread)
  SELECT d.user_id, d.kind, d.total, d.unread
  FROM jsonb_to_recordset(changes) AS d(user_id uuid, kind text, total int, unread int)
  WHERE (d.total <> 0 OR d.unread <> 0) AND EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
  ON CONFLICT (user_id, kind) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
$$;--> statement-breakpoint
CREATE FUNCTION "notification_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changes jsonb;
BEGIN
  -- Per (user, kind): in-app rows that arrive count +1 (+1 unread when unread), rows that leave −1.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT user_id, kind, count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
      FROM new_rows WHERE in_app GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT user_id, kind, -count(*)::int AS total, -(count(*) FILTER (WHERE read_at IS NULL))::int AS unread
      FROM old_rows WHERE in_app GROUP BY 1, 2) d;
  ELSE
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT user_id, kind, sum(total)::int AS total, sum(unread)::int AS unread FROM (
        SELECT user_id, kind, 1 AS total, (read_at IS NULL)::int AS unread FROM new_rows WHERE in_app
        UNION ALL
        SELECT user_id, kind, -1, -((read_at IS NULL)::int) FROM old_rows WHERE in_app) x
      GROUP BY 1, 2) d;
  END IF;
  IF changes IS NOT NULL THEN PERFORM notification_counts_add(changes); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_count_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "notifications_count_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "notifications_count_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notification_counts_apply"();--> statement-breakpoint
INSERT INTO "notification_counts" ("user_id", "kind", "total", "unread")
SELECT "user_id", "kind", count(*)::int, (count(*) FILTER (WHERE "read_at" IS NULL))::int FROM "notifications" WHERE "in_app" GROUP BY 1, 2;
