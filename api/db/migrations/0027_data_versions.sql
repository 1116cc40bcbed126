-- A per-business data version (docs/decisions/0032-server-time-per-signed-in-page.md): every
-- committed transaction that changed a business's data bumps its row once, whoever wrote it (an
-- API request, a job, the channel feed, another process), so a remembered answer (the dashboard)
-- is served only while the version it was computed at is still the current one. Written by hand.
-- The row of business 00000000-0000-0000-0000-000000000000 counts changes to data every business
-- reads (holidays).
CREATE TABLE "data_versions" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"xact" bigint
);--> statement-breakpoint
-- Bumps the row of the changed row's business once per transaction (the xact column is the last
-- transaction that bumped it). Fired as a deferred constraint trigger: the version row is locked
-- only while the writing transaction commits, so writers of one business never wait on each other
-- for longer than a commit and cannot deadlock over it mid-transaction.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	scope uuid;
	other uuid;
BEGIN
	IF TG_ARGV[0] = 'global' THEN
		scope := '00000000-0000-0000-0000-000000000000';
	ELSIF TG_OP = 'DELETE' THEN
		scope := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
	ELSE
		scope := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
		IF TG_OP = 'UPDATE' THEN
			other := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
		END IF;
	END IF;
	IF scope IS NOT NULL THEN
		INSERT INTO "data_versions" AS v ("business_id", "version", "xact") VALUES (scope, 1, txid_current())
		ON CONFLICT ("business_id") DO UPDATE SET "version" = v."version" + 1, "xact" = EXCLUDED."xact"
		WHERE v."xact" IS DISTINCT FROM EXCLUDED."xact";
	END IF;
	IF other IS NOT NULL AND other IS DISTINCT FROM scope THEN
		INSERT INTO "data_versions" AS v ("business_id", "version", "xact") VALUES (other, 1, txid_current())
		ON CONFLICT ("business_id") DO UPDATE SET "version" = v."version" + 1, "xact" = EXCLUDED."xact"
		WHERE v."xact" IS DISTINCT FROM EXCLUDED."xact";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Puts the trigger on a table; `scope_column` names the business id column, or 'global'.
-- A later migration adding a table with a business_id column calls it too (a test checks).
CREATE FUNCTION "track_data_version"(table_name text, scope_column text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'CREATE CONSTRAINT TRIGGER "data_version" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"(%L)',
		table_name, scope_column
	);
END
$$;--> statement-breakpoint
-- Every table with a business_id column, except those no remembered answer reads and that are
-- written often (the list is api/services/data-version.ts's UNTRACKED_TABLES; a test compares).
DO $$
DECLARE t text;
BEGIN
	FOR t IN
		SELECT c.table_name FROM information_schema.columns c
		JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
		WHERE c.table_schema = current_schema() AND c.column_name = 'business_id'
		AND c.table_name NOT IN (
			'activity_log', 'notifications', 'chat_conversations', 'channel_outbox', 'channel_ari_state',
			'daily_command_runs', 'booking_audit', 'booking_quotes', 'user_selected_business', 'business_invitations',
			'business_members', 'coupon_redemptions', 'invoices', 'payments', 'payment_methods', 'subscriptions',
			'channex_booking_revisions'
		)
	LOOP
		PERFORM "track_data_version"(t, 'business_id');
	END LOOP;
END
$$;--> statement-breakpoint
SELECT "track_data_version"('businesses', 'id');--> statement-breakpoint
SELECT "track_data_version"('holidays', 'global');
