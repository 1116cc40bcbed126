-- What a signed-in page shows beyond one business's data moves a version too, so a page or API
-- answer can be remembered and served again only while nothing it shows has changed
-- (docs/decisions/0034-remembered-answers-by-data-version.md). Written by hand.
-- The user's own row in data_versions (keyed by the user's id) moves with their account, their
-- memberships and direct grants, the business they selected and their unread notifications.
CREATE FUNCTION "track_user_data_version"(table_name text, user_column text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'CREATE CONSTRAINT TRIGGER "data_version_user" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"(%L)',
		table_name, user_column
	);
END
$$;--> statement-breakpoint
SELECT "track_user_data_version"('users', 'id');--> statement-breakpoint
SELECT "track_user_data_version"('business_members', 'user_id');--> statement-breakpoint
SELECT "track_user_data_version"('user_permissions', 'user_id');--> statement-breakpoint
SELECT "track_user_data_version"('user_selected_business', 'user_id');--> statement-breakpoint
SELECT "track_user_data_version"('notification_counts', 'user_id');--> statement-breakpoint
SELECT "track_user_data_version"('two_factor_credentials', 'user_id');--> statement-breakpoint
-- A business's collaborators and its subscription (the plans every page of it checks) are its data.
SELECT "track_data_version"('business_members', 'business_id');--> statement-breakpoint
SELECT "track_data_version"('subscriptions', 'business_id');--> statement-breakpoint
-- Read by every business: plans and coupons (a business's plans show its coupon), permissions,
-- business types and PMS systems.
SELECT "track_data_version"('plans', 'global');--> statement-breakpoint
SELECT "track_data_version"('coupons', 'global');--> statement-breakpoint
SELECT "track_data_version"('permissions', 'global');--> statement-breakpoint
SELECT "track_data_version"('business_types', 'global');--> statement-breakpoint
SELECT "track_data_version"('pms_systems', 'global');--> statement-breakpoint
-- Moves one scope's row once per transaction (the upsert of migration 0027's trigger function).
CREATE FUNCTION "bump_data_version_of"(scope uuid) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "data_versions" AS v ("business_id", "version", "xact") VALUES (scope, 1, txid_current())
	ON CONFLICT ("business_id") DO UPDATE SET "version" = v."version" + 1, "xact" = EXCLUDED."xact"
	WHERE v."xact" IS DISTINCT FROM EXCLUDED."xact";
$$;--> statement-breakpoint
-- A seasonality's dates and level variations have no business_id of their own: their
-- seasonality's business is looked up when the writing transaction commits.
CREATE FUNCTION "bump_data_version_of_seasonality"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_data_version_of"("business_id") FROM "seasonalities"
	WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."seasonality_id" ELSE NEW."seasonality_id" END;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_version" AFTER INSERT OR UPDATE OR DELETE ON "seasonality_dates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version_of_seasonality"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_version" AFTER INSERT OR UPDATE OR DELETE ON "seasonality_level_variations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version_of_seasonality"();
