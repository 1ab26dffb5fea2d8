-- Several mailboxes per user: the mailbox's own id becomes the key, one mailbox per user the default.
ALTER TABLE "mail_accounts" DROP CONSTRAINT "mail_accounts_pkey";--> statement-breakpoint
ALTER TABLE "mail_accounts" DROP CONSTRAINT "mail_accounts_id_unique";--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "mail_accounts" SET "is_default" = true;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "from_name" text;--> statement-breakpoint
CREATE INDEX "mail_accounts_user_idx" ON "mail_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_accounts_default_key" ON "mail_accounts" USING btree ("user_id") WHERE "mail_accounts"."is_default";--> statement-breakpoint
-- Every email sent so far went from its sender's one mailbox.
ALTER TABLE "sent_emails" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
UPDATE "sent_emails" SET "mailbox_id" = m."id" FROM "mail_accounts" m WHERE m."user_id" = "sent_emails"."user_id";--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_emails_mailbox_time_idx" ON "sent_emails" USING btree ("mailbox_id","sent_at");--> statement-breakpoint
ALTER TABLE "email_bulk_runs" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
ALTER TABLE "email_bulk_runs" ADD CONSTRAINT "email_bulk_runs_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Reply checks keep their place per mailbox.
ALTER TABLE "email_reply_cursors" DROP CONSTRAINT "email_reply_cursors_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_reply_cursors" DROP CONSTRAINT "email_reply_cursors_pkey";--> statement-breakpoint
ALTER TABLE "email_reply_cursors" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
UPDATE "email_reply_cursors" SET "mailbox_id" = m."id" FROM "mail_accounts" m WHERE m."user_id" = "email_reply_cursors"."user_id";--> statement-breakpoint
DELETE FROM "email_reply_cursors" WHERE "mailbox_id" IS NULL;--> statement-breakpoint
ALTER TABLE "email_reply_cursors" ADD PRIMARY KEY ("mailbox_id");--> statement-breakpoint
ALTER TABLE "email_reply_cursors" ADD CONSTRAINT "email_reply_cursors_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reply_cursors" DROP COLUMN "user_id";
--> statement-breakpoint
-- Campaigns spread their leads over the creator's mailboxes, each lead on one.
ALTER TABLE "campaign_deliveries" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "mailbox_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE set null ON UPDATE no action;