CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "bounce_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "warmup_start" integer;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "warmup_increment" integer;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "warmup_started_on" date;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "paced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bounce_pause_percent" real DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD COLUMN "bounce" text;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "kind" text DEFAULT 'reply' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "returns_on" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sending_window" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "gap_min_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "gap_max_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "status_message" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_org_name_idx" ON "email_templates" USING btree ("organization_id","name");--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_id_key" ON "email_suppressions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "email_suppressions_org_created_idx" ON "email_suppressions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
UPDATE "email_suppressions" SET "source" = CASE "reason" WHEN 'unsubscribed' THEN 'Unsubscribe link' ELSE 'Added by hand' END WHERE "source" = '';