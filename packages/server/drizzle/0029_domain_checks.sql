CREATE TABLE "domain_checks" (
	"mailbox_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"result" jsonb NOT NULL,
	"complete" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "domain_checks" ADD CONSTRAINT "domain_checks_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;