ALTER TABLE "waitlist_signups" ADD COLUMN "referral_code" text DEFAULT translate(encode(substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 1 for 6), 'base64'), '+/', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "mailbox" text GENERATED ALWAYS AS (CASE WHEN split_part(email, '@', 2) IN ('gmail.com', 'googlemail.com')
        THEN replace(regexp_replace(split_part(email, '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
        ELSE regexp_replace(split_part(email, '@', 1), '[+].*$', '') || '@' || split_part(email, '@', 2) END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "referral_status" text;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "referral_void_reason" text;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "referral_moved" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD CONSTRAINT "waitlist_signups_referred_by_waitlist_signups_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."waitlist_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_signups_mailbox" ON "waitlist_signups" USING btree ("mailbox");--> statement-breakpoint
CREATE INDEX "waitlist_signups_network_created" ON "waitlist_signups" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_signups_created" ON "waitlist_signups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "waitlist_signups_referred_by" ON "waitlist_signups" USING btree ("referred_by");--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD CONSTRAINT "waitlist_signups_referralCode_unique" UNIQUE("referral_code");