ALTER TABLE "blueprints" ADD COLUMN "projection_basis" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blueprints" ADD COLUMN "ticked" jsonb DEFAULT '[[],[],[],[]]'::jsonb NOT NULL;--> statement-breakpoint
-- custom:
-- Weeks already marked complete keep their progress as ticks of every task in them.
UPDATE "blueprints" b SET "ticked" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN s.ord <= b.progress / 25
      THEN (SELECT coalesce(jsonb_agg(i), '[]'::jsonb) FROM generate_series(0, jsonb_array_length(s.step->'tasks') - 1) i)
      ELSE '[]'::jsonb END
    ORDER BY s.ord), '[[],[],[],[]]'::jsonb)
  FROM jsonb_array_elements(b.steps) WITH ORDINALITY s(step, ord)
) WHERE b.progress >= 25;
