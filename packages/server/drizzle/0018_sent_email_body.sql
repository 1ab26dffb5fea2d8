-- The HTML each email was sent with; emails sent before this migration have none (null).
ALTER TABLE "sent_emails" ADD COLUMN "body_html" text;
