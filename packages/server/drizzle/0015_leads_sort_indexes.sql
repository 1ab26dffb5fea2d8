DROP INDEX "leads_org_status_idx";--> statement-breakpoint
DROP INDEX "leads_org_source_idx";--> statement-breakpoint
CREATE INDEX "leads_org_company_name_sort_idx" ON "leads" USING btree ("organization_id","company_name" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_person_first_name_sort_idx" ON "leads" USING btree ("organization_id","person_first_name" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_person_email_sort_idx" ON "leads" USING btree ("organization_id","person_email" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_industry_sort_idx" ON "leads" USING btree ("organization_id","industry" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_size_sort_idx" ON "leads" USING btree ("organization_id","size" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_source_sort_idx" ON "leads" USING btree ("organization_id","source" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_status_sort_idx" ON "leads" USING btree ("organization_id","status" NULLS FIRST,"id" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_org_person_country_sort_idx" ON "leads" USING btree ("organization_id","person_country" NULLS FIRST,"id" NULLS FIRST);