ALTER TABLE "sessions" ADD COLUMN "proof" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_removed_at" timestamp with time zone;--> statement-breakpoint
-- custom: every ended session (sign-out, revoked, expired and cleared, or its user deleted) is announced,
-- so each instance can end the alert streams that session opened.
CREATE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', OLD."id" || ' ' || OLD."user_id");
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "announce_session_ended"();
