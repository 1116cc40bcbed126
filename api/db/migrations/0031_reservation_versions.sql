-- The books as of any day (issue 26, docs/decisions/0041-reservation-versions-by-trigger.md): every
-- state a reservation had (dates, category, status, total and each night's rate) kept with the time
-- it became true. Written by statement triggers on reservations and reservation_nights, so every
-- path that changes a booking records its versions. Hand-written (as 0030, no snapshot).
CREATE TABLE "reservation_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"reservation_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"category_id" uuid NOT NULL,
	"total" integer NOT NULL,
	"night_rates" integer[] NOT NULL,
	"written_tx" bigint NOT NULL
);--> statement-breakpoint
ALTER TABLE "reservation_versions" ADD CONSTRAINT "reservation_versions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_versions" ADD CONSTRAINT "reservation_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_versions_reservation_idx" ON "reservation_versions" USING btree ("reservation_id","valid_from");--> statement-breakpoint
CREATE INDEX "reservation_versions_business_departure_idx" ON "reservation_versions" USING btree ("business_id","departure");--> statement-breakpoint
CREATE FUNCTION "reservation_versions_record"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tx bigint := txid_current();
BEGIN
  -- A transaction writes one version per reservation at most: what it wrote by an earlier statement
  -- (a reservation inserted before its nights, nights replaced before the dates) is written again
  -- from the state now.
  DELETE FROM reservation_versions WHERE reservation_id = ANY(ids) AND written_tx = tx;
  WITH state AS (
    SELECT r.id, r.business_id, r.status, r.arrival, r.departure, r.category_id, r.total,
      coalesce(n.rates, '{}') AS night_rates, r.created_at, r.updated_at, r.cancelled_at,
      -- The end of the arrival day in the hotel's time zone: a no-show is known by then at the latest.
      ((r.arrival + 1)::timestamp AT TIME ZONE b.timezone) AS arrival_over
    FROM reservations r JOIN businesses b ON b.id = r.business_id
    LEFT JOIN (SELECT reservation_id, array_agg(rate ORDER BY night) AS rates FROM reservation_nights
               WHERE reservation_id = ANY(ids) GROUP BY 1) n ON n.reservation_id = r.id
    WHERE r.id = ANY(ids)
  ), latest AS (
    SELECT DISTINCT ON (reservation_id) * FROM reservation_versions
    WHERE reservation_id = ANY(ids) ORDER BY reservation_id, valid_from DESC, id DESC
  ), changed AS (
    SELECT s.*, l.valid_from AS last_from, l.status AS last_status, l.reservation_id IS NOT NULL AS known
    FROM state s LEFT JOIN latest l ON l.reservation_id = s.id
    WHERE l.reservation_id IS NULL
       OR (s.status, s.arrival, s.departure, s.category_id, s.total, s.night_rates)
          IS DISTINCT FROM (l.status, l.arrival, l.departure, l.category_id, l.total, l.night_rates)
  )
  INSERT INTO reservation_versions (reservation_id, business_id, valid_from, status, arrival, departure, category_id, total, night_rates, written_tx)
  SELECT c.id, c.business_id, v.valid_from, v.status, c.arrival, c.departure, c.category_id, c.total, c.night_rates, tx
  FROM changed c CROSS JOIN LATERAL (
    -- A change, from when it was made (a cancellation from its own time); never before the last one.
    SELECT greatest(c.last_from, CASE WHEN c.status = 'cancelled' AND c.last_status <> 'cancelled'
                                      THEN coalesce(c.cancelled_at, c.updated_at) ELSE c.updated_at END) AS valid_from,
           c.status
    WHERE c.known
    UNION ALL
    -- A reservation seen first: booked when it was created…
    SELECT c.created_at, CASE WHEN c.status IN ('cancelled', 'no_show') THEN 'confirmed' ELSE c.status END
    WHERE NOT c.known
    UNION ALL
    -- …and, when it comes already cancelled or missed (an import, the seed), so from then: its
    -- cancellation's time, or for a no-show the end of its arrival day.
    SELECT greatest(c.created_at, CASE WHEN c.status = 'cancelled' THEN coalesce(c.cancelled_at, c.updated_at) ELSE c.arrival_over END),
           c.status
    WHERE NOT c.known AND c.status IN ('cancelled', 'no_show')
  ) v;
END $$;--> statement-breakpoint
CREATE FUNCTION "reservation_versions_from_reservations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reservation_versions_record(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "reservation_versions_from_nights"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM reservation_versions_record(ARRAY(SELECT DISTINCT reservation_id FROM old_rows));
  ELSE
    PERFORM reservation_versions_record(ARRAY(SELECT DISTINCT reservation_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reservations_version_insert" AFTER INSERT ON "reservations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reservation_versions_from_reservations"();--> statement-breakpoint
CREATE TRIGGER "reservations_version_update" AFTER UPDATE ON "reservations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reservation_versions_from_reservations"();--> statement-breakpoint
CREATE TRIGGER "reservation_nights_version_insert" AFTER INSERT ON "reservation_nights" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reservation_versions_from_nights"();--> statement-breakpoint
CREATE TRIGGER "reservation_nights_version_update" AFTER UPDATE ON "reservation_nights" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reservation_versions_from_nights"();--> statement-breakpoint
CREATE TRIGGER "reservation_nights_version_delete" AFTER DELETE ON "reservation_nights" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reservation_versions_from_nights"();--> statement-breakpoint
-- The reservations already there: their versions as their own timestamps tell (created, cancelled).
SELECT reservation_versions_record(ARRAY(SELECT id FROM reservations));
