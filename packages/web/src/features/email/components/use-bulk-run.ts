import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkEmailInput } from '@leadline/shared/email';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useBulkEmailJob } from '../api/get-bulk-email.ts';
import { useRunningBulkEmail } from '../api/get-running-bulk-email.ts';
import { useStartBulkEmail } from '../api/start-bulk-email.ts';
import { useStopBulkEmail } from '../api/stop-bulk-email.ts';
import { useResumeBulkEmail } from '../api/resume-bulk-email.ts';
import { BULK_FAILED, BULK_LIMIT_REACHED, bulkOutcome, bulkStartFailure } from './bulk-outcome.ts';
import type { BulkPhase } from './bulk-progress-overlay.tsx';

/** About 3 s from the end of a run to the leads table (1 s, then 2 s of summary). */
const COMPLETING_MS = 1000;
const REDIRECT_MS = 3000;

/**
 * One bulk run, from the start request to the summary: follows the run this screen started,
 * or the user's run that is still sending (or paused) when the screen opens (closing the page
 * does not stop it). A run that paused itself (too many bounces) waits for Resume or Stop.
 */
export const useBulkRun = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useStartBulkEmail();
  const stop = useStopBulkEmail();
  const resume = useResumeBulkEmail();
  const running = useRunningBulkEmail();
  const [startedId, setStartedId] = useState<string | null>(null);
  const [closedId, setClosedId] = useState<string | null>(null);
  const [summaryFor, setSummaryFor] = useState<string | null>(null);

  const jobId = startedId ?? running.data?.jobId ?? null;
  const job = useBulkEmailJob(jobId);
  // A paused run has not ended: it may be resumed.
  const ongoing = job.data?.status === 'running' || job.data?.status === 'paused';
  const finished = job.data && !ongoing ? job.data : null;
  const outcome = finished ? bulkOutcome(finished) : null;

  const finishedId = finished?.jobId ?? null;
  const succeeded = outcome?.ok ?? false;
  useEffect(() => {
    if (!finishedId || !finished) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.leads });
    const result = bulkOutcome(finished);
    const summary = window.setTimeout(() => {
      setSummaryFor(finishedId);
      if (result.ok) notifySuccess(result.summary);
      else notifyError(result.summary);
      if (result.notes.includes(BULK_LIMIT_REACHED)) notifyError(BULK_LIMIT_REACHED);
    }, COMPLETING_MS);
    const redirect = succeeded
      ? window.setTimeout(() => void navigate('/leads-table'), REDIRECT_MS)
      : undefined;
    return () => {
      window.clearTimeout(summary);
      window.clearTimeout(redirect);
    };
    // Once per finished run: its data no longer changes (polling has stopped).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedId, succeeded, navigate, queryClient]);

  let phase: BulkPhase | null = null;
  if (start.isPending) phase = 'starting';
  else if (jobId && jobId !== closedId && !job.isError) {
    if (finished) phase = summaryFor === finished.jobId ? 'summary' : 'completing';
    else if (job.data?.status === 'paused') phase = 'paused';
    else if (job.data && job.data.total > 0 && job.data.processed >= job.data.total)
      phase = 'completing';
    else phase = 'progress';
  }

  return {
    phase,
    job: job.data ?? null,
    outcome,
    /** The run could not be followed (its progress failed to load). */
    error: job.isError ? errorMessage(job.error, BULK_FAILED) : null,
    start: async (input: BulkEmailInput): Promise<string | null> => {
      try {
        const { jobId: id } = await start.mutateAsync(input);
        setStartedId(id);
        return null;
      } catch (error) {
        return bulkStartFailure(error);
      }
    },
    stopping: stop.isPending,
    stop: () => {
      if (!jobId) return;
      stop.mutate(jobId, {
        onError: (error) => notifyError(errorMessage(error, 'Failed to stop sending'), error),
      });
    },
    resuming: resume.isPending,
    resume: () => {
      if (!jobId) return;
      resume.mutate(jobId, {
        onError: (error) => notifyError(errorMessage(error, 'Failed to resume sending'), error),
      });
    },
    close: () => setClosedId(jobId),
  };
};
