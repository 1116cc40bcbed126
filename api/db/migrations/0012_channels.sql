CREATE TABLE "channel_ari_state" (
	"category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"business_id" uuid NOT NULL,
	"availability" integer,
	"rate" integer,
	"status" text NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_ari_state_category_id_night_pk" PRIMARY KEY("category_id","night")
);
--> statement-breakpoint
CREATE TABLE "channel_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"category_id" uuid,
	"night_from" date NOT NULL,
	"night_to" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channex_booking_revisions" (
	"revision_id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"booking_id" text NOT NULL,
	"status" text NOT NULL,
	"reservation_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overbooked" boolean DEFAULT false NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channex_connections" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"property_id" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_feed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"push_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "overbooked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_ari_state" ADD CONSTRAINT "channel_ari_state_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_ari_state" ADD CONSTRAINT "channel_ari_state_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_outbox" ADD CONSTRAINT "channel_outbox_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_outbox" ADD CONSTRAINT "channel_outbox_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channex_booking_revisions" ADD CONSTRAINT "channex_booking_revisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channex_connections" ADD CONSTRAINT "channex_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_ari_state_business_night_idx" ON "channel_ari_state" USING btree ("business_id","night");--> statement-breakpoint
CREATE INDEX "channel_outbox_business_idx" ON "channel_outbox" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "channex_booking_revisions_booking_idx" ON "channex_booking_revisions" USING btree ("business_id","booking_id");