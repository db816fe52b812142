CREATE TABLE "blueprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"projected_revenue_min" integer NOT NULL,
	"projected_revenue_max" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"generated_by" text NOT NULL,
	"model_fallback_reason" text,
	"plays" text[] DEFAULT '{}' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprints_progress_range" CHECK ("blueprints"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "blueprints_status_known" CHECK ("blueprints"."status" IN ('active', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "blueprints" ADD CONSTRAINT "blueprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blueprints_user_id_created_at_index" ON "blueprints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blueprints_one_active_per_user" ON "blueprints" USING btree ("user_id") WHERE status = 'active';