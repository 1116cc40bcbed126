ALTER TABLE "api_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_session_id_api_tokens_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_session_idx" ON "api_tokens" USING btree ("session_id");