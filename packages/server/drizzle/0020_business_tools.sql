CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"outcome" text,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_org_created_idx";--> statement-breakpoint
DROP INDEX "sent_emails_org_time_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "company_key" text GENERATED ALWAYS AS (CASE WHEN company_site ~* '^(https?://)?(www[.])?[a-z0-9-]+([.][a-z0-9-]+)+' THEN lower(substring(company_site from '^(?:[A-Za-z]+://)?(?:[Ww][Ww][Ww][.])?([A-Za-z0-9.-]*[A-Za-z0-9])')) ELSE 'name:' || btrim(regexp_replace(lower(company_name), '[^[:alnum:]]+', ' ', 'g')) END) STORED;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- Existing leads: in their status since their last change, owned by their creator when the
-- creator is a user of the organisation, else by its first Admin (else its first user).
UPDATE "leads" SET "status_changed_at" = "updated_at", "owner_id" = COALESCE(
	(SELECT u."id" FROM "users" u WHERE u."id" = "leads"."created_by" AND u."organization_id" = "leads"."organization_id"),
	(SELECT u."id" FROM "users" u WHERE u."organization_id" = "leads"."organization_id" AND u."role" = 'Admin' ORDER BY u."created_at", u."id" LIMIT 1),
	(SELECT u."id" FROM "users" u WHERE u."organization_id" = "leads"."organization_id" ORDER BY u."created_at", u."id" LIMIT 1)
);--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("organization_id","lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_notes_user_time_idx" ON "lead_notes" USING btree ("organization_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "lead_status_changes_org_time_idx" ON "lead_status_changes" USING btree ("organization_id","changed_at","to_status","user_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_org_owner_idx" ON "leads" USING btree ("organization_id","owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_org_board_idx" ON "leads" USING btree ("organization_id","status","status_changed_at" DESC NULLS LAST,"id" DESC NULLS LAST,"deal_value");--> statement-breakpoint
CREATE INDEX "leads_org_company_idx" ON "leads" USING btree ("organization_id","company_key");--> statement-breakpoint
CREATE INDEX "email_replies_org_time_idx" ON "email_replies" USING btree ("organization_id","received_at","kind","sent_email_id","user_id");--> statement-breakpoint
CREATE INDEX "leads_org_created_idx" ON "leads" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"created_by");--> statement-breakpoint
CREATE INDEX "sent_emails_org_time_idx" ON "sent_emails" USING btree ("organization_id","sent_at","status","user_id");