// Every table of the app: the core schema plus one file per later feature, so features that
// are built side by side each own their table definitions. drizzle-kit reads this file.
export * from './schema.ts';
export * from './tables/email-jobs.ts';
export * from './tables/calendar.ts';
export * from './tables/campaigns.ts';
export * from './tables/accounts.ts';
export * from './tables/imports.ts';
export * from './tables/templates.ts';
export * from './tables/business.ts';
export * from './tables/integrations.ts';
export * from './tables/tracking.ts';
export * from './tables/duplicates.ts';
export * from './tables/saved-views.ts';
export * from './tables/stages.ts';
export * from './tables/custom-fields.ts';
export * from './tables/two-factor.ts';
export * from './tables/audit.ts';
export * from './tables/sso.ts';
