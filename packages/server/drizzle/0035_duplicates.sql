CREATE TABLE "lead_duplicate_dismissals" (
	"organization_id" uuid NOT NULL,
	"lead_a" uuid NOT NULL,
	"lead_b" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_duplicate_dismissals_lead_a_lead_b_pk" PRIMARY KEY("lead_a","lead_b")
);
--> statement-breakpoint
CREATE TABLE "lead_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kept_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"merged_name" text NOT NULL,
	"merged_email" text NOT NULL,
	"user_id" uuid,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_duplicate_dismissals" ADD CONSTRAINT "lead_duplicate_dismissals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_duplicate_dismissals" ADD CONSTRAINT "lead_duplicate_dismissals_lead_a_leads_id_fk" FOREIGN KEY ("lead_a") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_duplicate_dismissals" ADD CONSTRAINT "lead_duplicate_dismissals_lead_b_leads_id_fk" FOREIGN KEY ("lead_b") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_duplicate_dismissals" ADD CONSTRAINT "lead_duplicate_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merges" ADD CONSTRAINT "lead_merges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merges" ADD CONSTRAINT "lead_merges_kept_id_leads_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merges" ADD CONSTRAINT "lead_merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_merges_org_time_idx" ON "lead_merges" USING btree ("organization_id","created_at" DESC NULLS LAST);