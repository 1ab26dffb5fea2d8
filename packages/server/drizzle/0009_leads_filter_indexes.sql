-- The leads list's common filters and filter pairs (status, source, industry, and each two of
-- them), each index ending in the list's default order. A capped total (at most 10,001 matching
-- leads) is then an index-only scan, and a filtered page reads the index in order instead of
-- sorting. `industry` is included so that lower(industry) can be checked without the table.
CREATE INDEX IF NOT EXISTS "leads_org_status_industry_idx" ON "leads" USING btree ("organization_id","status",lower("industry"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("industry");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_org_source_status_idx" ON "leads" USING btree ("organization_id","source","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_org_industry_source_idx" ON "leads" USING btree ("organization_id",lower("industry"),"source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("industry");
