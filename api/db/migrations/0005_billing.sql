CREATE TABLE "billing_customers" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"default_payment_method_id" text,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_providerCustomerId_unique" UNIQUE("provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"subscription_id" uuid,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stripe_coupon_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" is not null and "coupons"."amount_off_cents" is null and "coupons"."percent_off" between 1 and 100)
        or ("coupons"."percent_off" is null and "coupons"."amount_off_cents" is not null and "coupons"."amount_off_cents" > 0)),
	CONSTRAINT "coupons_duration_months" CHECK (("coupons"."duration" = 'repeating') = ("coupons"."duration_in_months" is not null and "coupons"."duration_in_months" >= 1)),
	CONSTRAINT "coupons_redemptions" CHECK ("coupons"."max_redemptions" is null or "coupons"."times_redeemed" <= "coupons"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"subscription_id" uuid,
	"number" text NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_providerInvoiceId_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"test_card" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_identifier" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" text DEFAULT 'BRL' NOT NULL,
	"price_monthly_cents" integer NOT NULL,
	"price_yearly_cents" integer NOT NULL,
	"trial_days" integer,
	"includes_channel" boolean DEFAULT false NOT NULL,
	"is_add_on" boolean DEFAULT false NOT NULL,
	"upgrade_available" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"stripe_price_monthly_id" text,
	"stripe_price_yearly_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_planIdentifier_unique" UNIQUE("plan_identifier"),
	CONSTRAINT "plans_prices" CHECK ("plans"."price_monthly_cents" >= 0 and "plans"."price_yearly_cents" >= 0),
	CONSTRAINT "plans_trial_days" CHECK ("plans"."trial_days" is null or "plans"."trial_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"is_add_on" boolean NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"interval" text NOT NULL,
	"price_cents" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"cancellation_reason" text,
	"coupon_id" text,
	"discount_periods_left" integer,
	"past_due_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_providerSubscriptionId_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_once_idx" ON "coupon_redemptions" USING btree ("coupon_id","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_business_number_idx" ON "invoices" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "invoices_business_idx" ON "invoices" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "payment_methods_business_idx" ON "payment_methods" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "subscriptions_business_idx" ON "subscriptions" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_plan_idx" ON "subscriptions" USING btree ("business_id","plan_id") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_base_idx" ON "subscriptions" USING btree ("business_id") WHERE "subscriptions"."is_add_on" = false and "subscriptions"."status" in ('trialing', 'active', 'past_due');--> statement-breakpoint
-- The plan catalogue is reference data every database needs (gating reads these identifiers), so it
-- ships with the schema rather than with the demo seed. Prices in BRL cents.
INSERT INTO "plans" ("plan_identifier", "name", "description", "price_monthly_cents", "price_yearly_cents", "trial_days", "includes_channel", "is_add_on", "upgrade_available", "position") VALUES
('essential', '{"pt-BR":"Essencial","en-US":"Essential","es-ES":"Esencial","fr-CA":"Essentiel","it-IT":"Essenziale"}', '{"pt-BR":"Precificação automática, calendário, reservas e relatórios.","en-US":"Automatic pricing, calendar, bookings and reports.","es-ES":"Precios automáticos, calendario, reservas e informes.","fr-CA":"Tarification automatique, calendrier, réservations et rapports.","it-IT":"Prezzi automatici, calendario, prenotazioni e report."}', 14900, 149000, NULL, false, false, true, 1),
('pro', '{"pt-BR":"Pro","en-US":"Pro","es-ES":"Pro","fr-CA":"Pro","it-IT":"Pro"}', '{"pt-BR":"Tudo do Essencial, mais conexão com os canais de venda.","en-US":"Everything in Essential, plus the sales-channel connection.","es-ES":"Todo lo de Esencial, más la conexión con los canales de venta.","fr-CA":"Tout Essentiel, plus la connexion aux canaux de vente.","it-IT":"Tutto di Essenziale, più la connessione ai canali di vendita."}', 29900, 299000, 30, true, false, false, 2),
('ai', '{"pt-BR":"Assistente de IA","en-US":"AI assistant","es-ES":"Asistente de IA","fr-CA":"Assistant IA","it-IT":"Assistente IA"}', '{"pt-BR":"Converse com a IA sobre preços e ocupação.","en-US":"Chat with the AI about prices and occupancy.","es-ES":"Converse con la IA sobre precios y ocupación.","fr-CA":"Discutez avec l’IA des prix et de l’occupation.","it-IT":"Parla con l’IA di prezzi e occupazione."}', 7900, 79000, NULL, false, true, false, 10),
('motor', '{"pt-BR":"Motor de reservas","en-US":"Booking engine","es-ES":"Motor de reservas","fr-CA":"Moteur de réservation","it-IT":"Motore di prenotazione"}', '{"pt-BR":"Reservas diretas pelo seu site, sem comissão.","en-US":"Direct bookings on your website, commission-free.","es-ES":"Reservas directas en su sitio, sin comisión.","fr-CA":"Réservations directes sur votre site, sans commission.","it-IT":"Prenotazioni dirette dal tuo sito, senza commissioni."}', 9900, 99000, NULL, false, true, false, 11),
('competitorAnalysis', '{"pt-BR":"Análise de mercado","en-US":"Market analysis","es-ES":"Análisis de mercado","fr-CA":"Analyse de marché","it-IT":"Analisi di mercato"}', '{"pt-BR":"Painel do mercado e dos concorrentes da sua região.","en-US":"A dashboard of your area''s market and competitors.","es-ES":"Panel del mercado y los competidores de su zona.","fr-CA":"Tableau du marché et des concurrents de votre région.","it-IT":"Cruscotto del mercato e dei concorrenti della tua zona."}', 12900, 129000, NULL, false, true, false, 12)
ON CONFLICT ("plan_identifier") DO NOTHING;
