ALTER TABLE "meeting_attendees" ADD COLUMN "response" text DEFAULT 'needs-action' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD COLUMN "responded_at" timestamp with time zone;