ALTER TABLE "email_replies" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "cc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "references" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "body_text" text;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_replies" ADD CONSTRAINT "email_replies_mailbox_id_mail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Replies found before conversations were read where they were shown: none is left unread.
UPDATE "email_replies" SET "read_at" = "received_at";
