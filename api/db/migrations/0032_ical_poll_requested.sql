-- "Check now" of an iCal import is a queue job (issue 24): the request is recorded on the import,
-- so the page shows "checking…" and a second request while one waits or runs queues nothing.
ALTER TABLE "ical_imports" ADD COLUMN "poll_requested_at" timestamp with time zone;
