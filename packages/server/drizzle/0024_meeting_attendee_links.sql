ALTER TABLE "meeting_attendees" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_attendees_lead_idx" ON "meeting_attendees" USING btree ("lead_id") WHERE "meeting_attendees"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "meeting_attendees_client_idx" ON "meeting_attendees" USING btree ("client_id") WHERE "meeting_attendees"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "meeting_attendees_email_idx" ON "meeting_attendees" USING btree ("email");