CREATE TABLE "revenue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" text,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_entries_amount_range" CHECK ("revenue_entries"."amount" >= 0 AND "revenue_entries"."amount" <= 10000000),
	CONSTRAINT "revenue_entries_source_known" CHECK (source IN ('youtube_ads', 'instagram_sponsors', 'tiktok_creator_fund', 'digital_products', 'courses', 'coaching', 'affiliate_marketing', 'merchandise', 'speaking', 'other'))
);
--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_entries_user_id_date_created_at_id_index" ON "revenue_entries" USING btree ("user_id","date","created_at","id");