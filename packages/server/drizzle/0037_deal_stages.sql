-- Deal stages (issue 28): the team's own stages after the four outreach statuses, the leads'
-- stage, and the stage history. The board index gains stage_id as its last key column, so a
-- status column's cards (the leads in no stage) and its totals are still read from the index
-- alone. Every existing organisation gets the default set that new ones get (shared
-- DEFAULT_STAGES): Meeting booked, Proposal, Won, Lost.
CREATE TABLE "deal_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"colour" text DEFAULT 'gray' NOT NULL,
	"kind" text DEFAULT 'open' NOT NULL,
	"probability" integer DEFAULT 50 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"from_stage_id" uuid,
	"to_stage_id" uuid,
	"user_id" uuid,
	"lost_reason" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_org_board_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "deal_stages" ADD CONSTRAINT "deal_stages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_stage_changes" ADD CONSTRAINT "lead_stage_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_stages_org_name_key" ON "deal_stages" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "deal_stages_org_position_idx" ON "deal_stages" USING btree ("organization_id","position");--> statement-breakpoint
CREATE INDEX "lead_stage_changes_lead_idx" ON "lead_stage_changes" USING btree ("organization_id","lead_id","changed_at");--> statement-breakpoint
CREATE INDEX "lead_stage_changes_org_time_idx" ON "lead_stage_changes" USING btree ("organization_id","changed_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_id_deal_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."deal_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_org_stage_idx" ON "leads" USING btree ("organization_id","stage_id","stage_changed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"deal_value") WHERE "leads"."stage_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_org_board_idx" ON "leads" USING btree ("organization_id","status","status_changed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"deal_value","stage_id"); --> statement-breakpoint
INSERT INTO "deal_stages" ("organization_id", "name", "position", "colour", "kind", "probability")
SELECT o."id", s."name", s."position", s."colour", s."kind", s."probability"
FROM "organizations" o
CROSS JOIN (VALUES
  ('Meeting booked', 0, 'blue', 'open', 60),
  ('Proposal', 1, 'violet', 'open', 80),
  ('Won', 2, 'green', 'won', 100),
  ('Lost', 3, 'red', 'lost', 0)
) AS s("name", "position", "colour", "kind", "probability");
