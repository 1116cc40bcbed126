CREATE TABLE "booking_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"adults" integer NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"guest_name" text,
	"guest_email" text,
	"guest_phone" text,
	"nights" jsonb NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reservation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_quotes_dates" CHECK ("booking_quotes"."departure" > "booking_quotes"."arrival")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"document" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_nights" (
	"category_id" uuid NOT NULL,
	"night" date NOT NULL,
	"business_id" uuid NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_nights_category_id_night_pk" PRIMARY KEY("category_id","night"),
	CONSTRAINT "inventory_nights_non_negative" CHECK ("inventory_nights"."sold" >= 0 and "inventory_nights"."blocked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservation_nights" (
	"reservation_id" uuid NOT NULL,
	"night" date NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"room_id" uuid,
	"rate" integer NOT NULL,
	"holds" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reservation_nights_reservation_id_night_pk" PRIMARY KEY("reservation_id","night")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"category_id" uuid NOT NULL,
	"room_id" uuid,
	"guest_id" uuid NOT NULL,
	"adults" integer DEFAULT 1 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"rate_per_night" integer NOT NULL,
	"rate_overridden" boolean DEFAULT false NOT NULL,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"channel" text DEFAULT 'direct' NOT NULL,
	"notes" text,
	"quote_id" uuid,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_dates" CHECK ("reservations"."departure" > "reservations"."arrival"),
	CONSTRAINT "reservations_guests" CHECK ("reservations"."adults" >= 1 and "reservations"."children" >= 0),
	CONSTRAINT "reservations_money" CHECK ("reservations"."rate_per_night" >= 0 and "reservations"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"room_id" uuid,
	"count" integer DEFAULT 1 NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"reason" text DEFAULT 'maintenance' NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_dates" CHECK ("room_blocks"."ends_at" >= "room_blocks"."starts_at"),
	CONSTRAINT "room_blocks_count" CHECK ("room_blocks"."count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"number" text NOT NULL,
	"floor" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_audit" ADD CONSTRAINT "booking_audit_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_audit" ADD CONSTRAINT "booking_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_quotes" ADD CONSTRAINT "booking_quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_quotes" ADD CONSTRAINT "booking_quotes_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_quotes" ADD CONSTRAINT "booking_quotes_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_quotes" ADD CONSTRAINT "booking_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_nights" ADD CONSTRAINT "inventory_nights_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_nights" ADD CONSTRAINT "reservation_nights_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_category_id_room_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."room_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_audit_entity_idx" ON "booking_audit" USING btree ("entity_id","at");--> statement-breakpoint
CREATE INDEX "booking_audit_business_idx" ON "booking_audit" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "booking_quotes_business_idx" ON "booking_quotes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "guests_business_idx" ON "guests" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "inventory_nights_business_night_idx" ON "inventory_nights" USING btree ("business_id","night");--> statement-breakpoint
CREATE INDEX "reservation_nights_business_night_idx" ON "reservation_nights" USING btree ("business_id","night");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_nights_room_night_idx" ON "reservation_nights" USING btree ("room_id","night") WHERE "reservation_nights"."holds" and "reservation_nights"."room_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_business_code_idx" ON "reservations" USING btree ("business_id","code");--> statement-breakpoint
CREATE INDEX "reservations_business_arrival_idx" ON "reservations" USING btree ("business_id","arrival");--> statement-breakpoint
CREATE INDEX "reservations_business_departure_idx" ON "reservations" USING btree ("business_id","departure");--> statement-breakpoint
CREATE INDEX "reservations_guest_idx" ON "reservations" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "room_blocks_business_idx" ON "room_blocks" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "rooms_category_idx" ON "rooms" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_business_number_idx" ON "rooms" USING btree ("business_id",lower("number"));