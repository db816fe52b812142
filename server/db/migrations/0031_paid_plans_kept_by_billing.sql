-- custom: the paid plan moves from auth's `users.plan` to billing's own table (decision 054). The column is
-- locked first, as its drop would lock it anyway, so no webhook can write a plan between the copy and the drop.
LOCK TABLE "users" IN ACCESS EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "account_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_plans" ADD CONSTRAINT "account_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: every paid plan is copied; 'none' is no row.
INSERT INTO "account_plans" ("user_id", "plan") SELECT "id", "plan" FROM "users" WHERE "plan" <> 'none';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan";
