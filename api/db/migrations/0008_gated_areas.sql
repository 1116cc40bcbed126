CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"data" jsonb,
	"provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_content" CHECK (length("chat_messages"."content") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "competitor_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competitor_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"stay_date" date NOT NULL,
	"rate" integer,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_by" uuid,
	CONSTRAINT "competitor_rates_rate" CHECK ("competitor_rates"."rate" is null or "competitor_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"stars" integer,
	"distance_km" numeric(6, 2),
	"room_label" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitors_stars" CHECK ("competitors"."stars" is null or "competitors"."stars" between 1 and 5),
	CONSTRAINT "competitors_distance" CHECK ("competitors"."distance_km" is null or "competitors"."distance_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_engines" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"headline" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"policies" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accent_color" text DEFAULT '#0f766e' NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_nights" integer DEFAULT 1 NOT NULL,
	"max_nights" integer DEFAULT 30 NOT NULL,
	"max_advance_days" integer DEFAULT 365 NOT NULL,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '12:00' NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_engines_slug_unique" UNIQUE("slug"),
	CONSTRAINT "booking_engines_slug" CHECK ("booking_engines"."slug" ~ '^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$'),
	CONSTRAINT "booking_engines_nights" CHECK ("booking_engines"."min_nights" >= 1 and "booking_engines"."max_nights" >= "booking_engines"."min_nights" and "booking_engines"."max_nights" <= 90),
	CONSTRAINT "booking_engines_advance" CHECK ("booking_engines"."max_advance_days" between 1 and 730)
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_rates" ADD CONSTRAINT "competitor_rates_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_rates" ADD CONSTRAINT "competitor_rates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_rates" ADD CONSTRAINT "competitor_rates_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_engines" ADD CONSTRAINT "booking_engines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_business_user_idx" ON "chat_conversations" USING btree ("business_id","user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_rates_competitor_date_idx" ON "competitor_rates" USING btree ("competitor_id","stay_date");--> statement-breakpoint
CREATE INDEX "competitor_rates_business_date_idx" ON "competitor_rates" USING btree ("business_id","stay_date");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_business_name_idx" ON "competitors" USING btree ("business_id",lower("name"));