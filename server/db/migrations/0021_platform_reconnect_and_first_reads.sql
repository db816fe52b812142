CREATE TABLE "platform_first_reads" (
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_first_reads_user_id_platform_pk" PRIMARY KEY("user_id","platform")
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "needs_reconnect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_first_reads" ADD CONSTRAINT "platform_first_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Connections already read have had their one read without the daily sync.
INSERT INTO "platform_first_reads" ("user_id", "platform", "connection_id") SELECT "user_id", "platform", "id" FROM "platform_connections" WHERE "last_synced_at" IS NOT NULL ON CONFLICT DO NOTHING;
