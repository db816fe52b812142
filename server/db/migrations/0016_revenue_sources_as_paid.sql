CREATE TABLE "revenue_source_names" (
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_source_names_user_id_name_pk" PRIMARY KEY("user_id","name"),
	CONSTRAINT "revenue_source_names_source_known" CHECK (source IN ('youtube_ads', 'tiktok_creator_rewards', 'youtube_sponsors', 'instagram_sponsors', 'tiktok_sponsors', 'podcast_sponsors', 'newsletter_sponsors', 'brand_deals', 'affiliate_marketing', 'digital_products', 'licensing', 'courses', 'coaching', 'memberships', 'youtube_memberships', 'paid_newsletter', 'merchandise', 'tips', 'youtube_super_chat', 'tiktok_live_gifts', 'speaking', 'other'))
);
--> statement-breakpoint
ALTER TABLE "revenue_entries" DROP CONSTRAINT "revenue_entries_source_known";--> statement-breakpoint
ALTER TABLE "revenue_source_names" ADD CONSTRAINT "revenue_source_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_entries_user_source_date_idx" ON "revenue_entries" USING btree ("user_id","source","date","created_at","id","amount");--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_source_known" CHECK (source IN ('youtube_ads', 'tiktok_creator_rewards', 'youtube_sponsors', 'instagram_sponsors', 'tiktok_sponsors', 'podcast_sponsors', 'newsletter_sponsors', 'brand_deals', 'affiliate_marketing', 'digital_products', 'licensing', 'courses', 'coaching', 'memberships', 'youtube_memberships', 'paid_newsletter', 'merchandise', 'tips', 'youtube_super_chat', 'tiktok_live_gifts', 'speaking', 'other', 'tiktok_creator_fund'));--> statement-breakpoint
-- custom:
-- TikTok's Creator Fund became the Creator Rewards Programme: existing entries keep their amounts and
-- dates and take the new name.
UPDATE "revenue_entries" SET "source" = 'tiktok_creator_rewards', "updated_at" = now() WHERE "source" = 'tiktok_creator_fund';
--> statement-breakpoint
-- An instance still on the old code during a deploy may write the former name: it is stored as the
-- new one, so no reader ever meets it.
CREATE FUNCTION revenue_entries_current_source() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source = 'tiktok_creator_fund' THEN
    NEW.source := 'tiktok_creator_rewards';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_entries_current_source BEFORE INSERT OR UPDATE OF source ON revenue_entries
  FOR EACH ROW EXECUTE FUNCTION revenue_entries_current_source();
