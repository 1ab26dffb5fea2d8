/** The campaigns module's door for the dashboard: campaign counts by status. */
export { campaignCounts } from './store/repo.ts';
