CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"company_name" text DEFAULT '' NOT NULL,
	"parent_company" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"company_category" text DEFAULT '' NOT NULL,
	"full_address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(company_name || ' ' || parent_company || ' ' || email || ' ' || contact || ' ' || company_category || ' ' || full_address)) STORED
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"company_name" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"company_site" text DEFAULT '' NOT NULL,
	"company_linkedin" text DEFAULT '' NOT NULL,
	"person_first_name" text DEFAULT '' NOT NULL,
	"person_last_name" text DEFAULT '' NOT NULL,
	"person_email" text DEFAULT '' NOT NULL,
	"person_designation" text DEFAULT '' NOT NULL,
	"person_linkedin" text DEFAULT '' NOT NULL,
	"person_city" text DEFAULT '' NOT NULL,
	"person_state" text DEFAULT '' NOT NULL,
	"person_country" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"contact_profile_link" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"mail_sent" boolean DEFAULT false NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"mail_sent_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(company_name || ' ' || industry || ' ' || subject || ' ' || person_email || ' ' || person_first_name || ' ' || person_last_name || ' ' || person_designation || ' ' || person_city || ' ' || person_country)) STORED,
	"location_text" text GENERATED ALWAYS AS (lower(person_city || ' ' || person_state || ' ' || person_country)) STORED
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_email_key" ON "clients" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "clients_org_created_idx" ON "clients" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_org_category_idx" ON "clients" USING btree ("organization_id","company_category");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "leads_org_email_key" ON "leads" USING btree ("organization_id","person_email");--> statement-breakpoint
CREATE INDEX "leads_org_created_idx" ON "leads" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_org_status_idx" ON "leads" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "leads_org_source_idx" ON "leads" USING btree ("organization_id","source");--> statement-breakpoint
CREATE INDEX "leads_org_industry_idx" ON "leads" USING btree ("organization_id",lower("industry"));--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_location_idx" ON "leads" USING gin ("location_text" gin_trgm_ops);