CREATE TABLE "tracking_counts" (
	"sent_email_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"opens_human" integer DEFAULT 0 NOT NULL,
	"opens_proxy" integer DEFAULT 0 NOT NULL,
	"opens_machine" integer DEFAULT 0 NOT NULL,
	"clicks_human" integer DEFAULT 0 NOT NULL,
	"clicks_machine" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"sent_email_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"class" text NOT NULL,
	"reason" text NOT NULL,
	"url_index" smallint,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "do_not_track" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD COLUMN "tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD COLUMN "tracked_links" jsonb;--> statement-breakpoint
ALTER TABLE "email_bulk_runs" ADD COLUMN "track" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "hit_classes" jsonb;--> statement-breakpoint
ALTER TABLE "tracking_counts" ADD CONSTRAINT "tracking_counts_sent_email_id_sent_emails_id_fk" FOREIGN KEY ("sent_email_id") REFERENCES "public"."sent_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_counts" ADD CONSTRAINT "tracking_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_hits" ADD CONSTRAINT "tracking_hits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_hits" ADD CONSTRAINT "tracking_hits_sent_email_id_sent_emails_id_fk" FOREIGN KEY ("sent_email_id") REFERENCES "public"."sent_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_counts_org_idx" ON "tracking_counts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "tracking_hits_email_idx" ON "tracking_hits" USING btree ("sent_email_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_deliveries_sent_email_idx" ON "campaign_deliveries" USING btree ("sent_email_id");