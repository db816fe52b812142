CREATE TABLE "onboarding_answers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"platforms" text[] DEFAULT '{}' NOT NULL,
	"primary_platform" text,
	"content_niche" text,
	"audience_size" text,
	"monthly_revenue" text,
	"current_streams" text[] DEFAULT '{}' NOT NULL,
	"biggest_challenge" text,
	"goal_timeframe" text,
	"has_analytics" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;