CREATE TABLE "platform_cohort_days" (
	"platform" text NOT NULL,
	"day" date NOT NULL,
	"creators" integer NOT NULL,
	"median_ratio" double precision NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_cohort_days_platform_day_pk" PRIMARY KEY("platform","day"),
	CONSTRAINT "platform_cohort_days_large_enough" CHECK ("platform_cohort_days"."creators" >= 20)
);
--> statement-breakpoint
CREATE TABLE "platform_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"started_on" date NOT NULL,
	"recent_from" date NOT NULL,
	"recent_to" date NOT NULL,
	"baseline_from" date NOT NULL,
	"baseline_to" date NOT NULL,
	"cohort_size" integer NOT NULL,
	"fell_count" integer NOT NULL,
	"median_change" double precision NOT NULL,
	"status" text DEFAULT 'detected' NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"bulletin_id" uuid,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_shifts_status_known" CHECK ("platform_shifts"."status" IN ('detected', 'published', 'dismissed')),
	CONSTRAINT "platform_shifts_cohort_large_enough" CHECK ("platform_shifts"."cohort_size" >= 20)
);
--> statement-breakpoint
ALTER TABLE "platform_shifts" ADD CONSTRAINT "platform_shifts_bulletin_id_alert_bulletins_id_fk" FOREIGN KEY ("bulletin_id") REFERENCES "public"."alert_bulletins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_shifts_one_open_per_platform" ON "platform_shifts" USING btree ("platform") WHERE "platform_shifts"."is_open";--> statement-breakpoint
CREATE INDEX "platform_shifts_platform_recent_to_index" ON "platform_shifts" USING btree ("platform","recent_to");