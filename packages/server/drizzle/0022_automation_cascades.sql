-- Automation cascades (issue 24): every event carries the original change it descends from
-- through rule runs (cascade_id) and the rule whose run made it (automation_id); a run carries
-- its event's cascade, so the runs one change set off are counted by the index when new ones
-- are written. Events written before this start a cascade each; their runs take their event's.
ALTER TABLE "events" ADD COLUMN "cascade_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "automation_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "cascade_id" uuid;--> statement-breakpoint
UPDATE "automation_runs" r SET "cascade_id" = e."cascade_id" FROM "events" e WHERE e."id" = r."event_id";--> statement-breakpoint
ALTER TABLE "automation_runs" ALTER COLUMN "cascade_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "automation_runs_cascade_idx" ON "automation_runs" USING btree ("cascade_id");
