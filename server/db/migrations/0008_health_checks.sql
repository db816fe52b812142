CREATE TABLE "health_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"overall_score" integer NOT NULL,
	"platform_risk_score" integer NOT NULL,
	"diversification_score" integer NOT NULL,
	"engagement_resilience_score" integer NOT NULL,
	"algorithm_dependency" integer NOT NULL,
	"recommendations" jsonb NOT NULL,
	"basis" text NOT NULL,
	"effective_streams" numeric(4, 1) NOT NULL,
	"largest_platform" text,
	"income_at_risk_pence" bigint NOT NULL,
	"monthly_revenue_pence" bigint NOT NULL,
	"inputs" jsonb NOT NULL,
	"inputs_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_checks_scores_range" CHECK ("health_checks"."overall_score" BETWEEN 0 AND 100 AND "health_checks"."platform_risk_score" BETWEEN 0 AND 100 AND "health_checks"."diversification_score" BETWEEN 0 AND 100 AND "health_checks"."engagement_resilience_score" BETWEEN 0 AND 100 AND "health_checks"."algorithm_dependency" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_checks_user_id_created_at_index" ON "health_checks" USING btree ("user_id","created_at");