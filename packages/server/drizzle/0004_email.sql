CREATE TABLE "mail_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean,
	"smtp_user" text,
	"smtp_pass_encrypted" text,
	"smtp_daily_limit" integer,
	"imap_host" text,
	"imap_port" integer,
	"imap_secure" boolean,
	"imap_user" text,
	"imap_pass_encrypted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"lead_id" uuid,
	"job_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"cc" text DEFAULT '' NOT NULL,
	"bcc" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text DEFAULT '' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD CONSTRAINT "mail_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_emails_user_time_idx" ON "sent_emails" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "sent_emails_lead_time_idx" ON "sent_emails" USING btree ("lead_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sent_emails_message_id_idx" ON "sent_emails" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_emails_job_lead_key" ON "sent_emails" USING btree ("job_id","lead_id");