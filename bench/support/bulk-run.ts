// Bulk runs for the benchmarks: leads written straight into the bench database and a bulk
// email run through the API, timed until it completes.
import type { BulkEmailJob } from '@leadline/shared/email';
import type { RunningServer } from '../../e2e/support/server.ts';
import { connect } from './postgres.ts';
import { api } from './product.ts';

const POLL_MS = 100;

export const BODY_TEXT =
  'We help sales teams keep every lead, email and meeting in one place. Could we show you how it works in fifteen minutes this week?';

/** Leads straight into the bench database (the API would take longer than the run). */
export const insertLeads = async (
  databaseUrl: string,
  organization: string,
  prefix: string,
  count: number,
): Promise<string[]> => {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO leads (organization_id, company_name, person_first_name, person_last_name,
         person_email, source, status)
       SELECT o.id, 'Bench Co', 'Lead' || i, 'Bench', $3 || '-' || i || '@leads.bench',
         'Referral', 'Cold Lead'
       FROM organizations o, generate_series(0, $2 - 1) AS i
       WHERE o.name = $1
       ORDER BY i
       RETURNING id`,
      [organization, count, prefix],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
};

export const runJob = async (server: RunningServer, token: string, leadIds: string[]) => {
  const total = leadIds.length;
  const started = performance.now();
  const { jobId } = await api<{ jobId: string }>(server, '/api/email/bulk', {
    method: 'POST',
    token,
    body: {
      leadIds,
      subject: 'Hello {{firstName}}',
      body: `<p>Hi {{firstName}},</p><p>${BODY_TEXT}</p>`,
      type: 'initial',
    },
  });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const job = await api<BulkEmailJob>(server, `/api/email/bulk/${jobId}`, { token });
    if (job.status !== 'running') {
      if (job.status !== 'completed' || job.sent !== total)
        throw new Error(`the bulk run ended ${job.status}: ${JSON.stringify(job)}`);
      return {
        seconds: (performance.now() - started) / 1000,
        startedAt: performance.timeOrigin + started,
      };
    }
    if (Date.now() > deadline) throw new Error('the bulk run did not end in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
