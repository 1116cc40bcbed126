-- A user's name and e-mail are shown on other users' pages too: a collaborator's name on the
-- reservations they created, an owner's on each business in a collaborator's list. So a change
-- to them moves the version of every business the user owns or works for, in the same
-- transaction, and a remembered answer that shows them is made afresh (ADR 0048). Written by hand.
CREATE FUNCTION "bump_data_version_of_user_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_data_version_of"(s."id") FROM (
		SELECT "id" FROM "businesses" WHERE "owner_id" = NEW."id"
		UNION SELECT "business_id" FROM "business_members" WHERE "user_id" = NEW."id"
	) s;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "data_version_user_businesses" AFTER UPDATE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."surname" IS DISTINCT FROM NEW."surname" OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "bump_data_version_of_user_businesses"();
