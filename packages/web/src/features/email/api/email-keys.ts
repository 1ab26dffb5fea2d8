/** React Query keys of the email feature. */
export const emailKeys = {
  config: ['email', 'config'] as const,
  bulkJobs: ['email', 'bulk'] as const,
  bulkJob: (jobId: string) => ['email', 'bulk', 'job', jobId] as const,
  runningBulkJob: ['email', 'bulk', 'running'] as const,
};
