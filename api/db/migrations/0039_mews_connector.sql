-- A real PMS connector (issue 25 point 3, ADR 0049, docs/mews.md): Mews through its Connector API.
-- The hotel gives its AccessToken (Tarifa's ClientToken is configuration, MEWS_CLIENT_TOKEN); the
-- connection remembers what the sync found (enterprise, service, time zone, which Mews resource
-- category is which Tarifa room category, the rate prices are pushed to) and how far the
-- incremental pull by update time has come. Prices pushed are remembered per night so only what
-- changed is sent again.
INSERT INTO "pms_systems" ("name", "settings", "image", "pms_default", "is_active")
SELECT 'Mews', '{"auth_url":null,"kind":"mews","fields":[{"name":"access_token","label":{"pt-BR":"Access Token da Mews","en-US":"Mews Access Token","es-ES":"Access Token de Mews","fr-CA":"Access Token de Mews","it-IT":"Access Token di Mews"},"type":"password","required":true}]}'::jsonb, NULL, false, true
WHERE NOT EXISTS (SELECT 1 FROM "pms_systems" WHERE "settings"->>'kind' = 'mews');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mews_connections" (
	"business_id" uuid PRIMARY KEY NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"enterprise_id" text,
	"service_id" text,
	"time_zone" text,
	"pricing" text,
	"category_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rate_id" text,
	"synced_through" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mews_pushed_prices" (
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"category_id" uuid NOT NULL REFERENCES "room_categories"("id") ON DELETE CASCADE,
	"night" date NOT NULL,
	"rate" integer NOT NULL,
	CONSTRAINT "mews_pushed_prices_pk" PRIMARY KEY ("business_id", "category_id", "night")
);
