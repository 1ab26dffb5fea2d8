-- Search over everything (GET /api/search): the texts of emails sent, replies, notes and calls
-- as stored tsvectors ('simple': no language's stemming, names and words as written, lower-cased)
-- with GIN indexes, so a word is found among millions of emails without reading them. The
-- columns are generated (they follow their row) and left out of the drizzle tables: the app
-- reads them only in modules/search, never with the rest of a row. Emails sent are HTML: tags
-- are dropped before the words are taken. Each text counts up to 20,000 characters.
ALTER TABLE "sent_emails" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "subject" || ' ' || coalesce(regexp_replace(left("body_html", 20000), '<[^>]*>', ' ', 'g'), ''))) STORED;--> statement-breakpoint
ALTER TABLE "email_replies" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "subject" || ' ' || "from_name" || ' ' || coalesce(left("body_text", 20000), "snippet"))) STORED;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, left("body", 20000))) STORED;--> statement-breakpoint
CREATE INDEX "sent_emails_search_idx" ON "sent_emails" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "email_replies_search_idx" ON "email_replies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lead_notes_search_idx" ON "lead_notes" USING gin ("search_vector");
