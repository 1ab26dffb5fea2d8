ALTER TABLE "imports" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_bulk_runs" ADD COLUMN "unconfirmed" integer DEFAULT 0 NOT NULL;