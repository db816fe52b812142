ALTER TABLE "waitlist_signups" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_counter" ADD COLUMN "confirmed_free" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_counter" ADD COLUMN "confirmed_lifetime" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_counter" ADD COLUMN "confirmed_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_counter" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "lapses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_signups" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
-- Places whose address is already proven are kept: a paid £5 place, or the address of an account that
-- confirmed it. The others are held: the lapse job gives them 48 hours from the release, with an email.
UPDATE "waitlist_signups" s SET "confirmed_at" = now()
WHERE s."paid_at" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "users" u WHERE lower(u."email") = s."email" AND u."email_verified");--> statement-breakpoint
UPDATE "waitlist_counter" SET
  "confirmed_free" = (SELECT count(*) FROM "waitlist_signups" WHERE "confirmed_at" IS NOT NULL AND "position" <= 50),
  "confirmed_lifetime" = (SELECT count(*) FROM "waitlist_signups" WHERE "confirmed_at" IS NOT NULL AND "position" > 50 AND "position" <= 550),
  "confirmed_total" = (SELECT count(*) FROM "waitlist_signups" WHERE "confirmed_at" IS NOT NULL),
  "revision" = 1;
