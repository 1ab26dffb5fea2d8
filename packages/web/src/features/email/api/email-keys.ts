/** React Query keys of the email feature. */
export const emailKeys = {
  config: ['email', 'config'] as const,
  bulkJobs: ['email', 'bulk'] as const,
  bulkJob: (jobId: string) => ['email', 'bulk', 'job', jobId] as const,
  runningBulkJob: ['email', 'bulk', 'running'] as const,
  lead: (leadId: string) => ['email', 'lead', leadId] as const,
};

/**
 * The leads feature's queries (its `leadKeys.all`): a send changes a lead's Sent state, count
 * and history, so the table and the drawer refetch them.
 */
export const LEADS_QUERY_KEY = ['leads'] as const;
