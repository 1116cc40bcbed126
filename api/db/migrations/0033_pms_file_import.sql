-- The onboarding's PMS step made real (issue 25): the two invented systems (StayLink, HostFlow) are
-- withdrawn — kept as deleted rows so a business that chose one still reads its name — and
-- "Import from a file" takes their place for any PMS without a connector: its data step waits for
-- a reservations import (/pms-settings/import) whose end moves the business on.
UPDATE "pms_systems" SET "is_active" = false, "deleted_at" = now(), "updated_at" = now() WHERE "id" IN (2, 3) AND "name" IN ('StayLink', 'HostFlow');--> statement-breakpoint
INSERT INTO "pms_systems" ("name", "settings", "image", "pms_default", "is_active")
SELECT 'Import from a file', '{"auth_url":null,"kind":"file","fields":[]}'::jsonb, NULL, false, true
WHERE NOT EXISTS (SELECT 1 FROM "pms_systems" WHERE "settings"->>'kind' = 'file');
