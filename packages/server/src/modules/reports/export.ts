import { reportFileName } from '@leadline/shared/reports';
import type { ReportResponse, ReportSection, ReportTable } from '@leadline/shared/reports';
import { toCsv } from './csv.ts';

const PERIOD_HEADER = 'Period starting';

const tableCsv = (table: ReportTable, withTotal: boolean): string =>
  toCsv(
    [PERIOD_HEADER, ...table.series, ...(withTotal ? ['Total'] : [])],
    table.rows.map((row) => {
      const counts = table.series.map((name) => row.counts[name] ?? 0);
      const total = counts.reduce((sum, count) => sum + count, 0);
      return [row.bucket, ...counts, ...(withTotal ? [total] : [])];
    }),
  );

const CAMPAIGN_HEADER = [
  'Campaign',
  'Type',
  'Status',
  'Leads reached',
  'Emails sent',
  'Failed',
  'Tasks done',
  'Replies',
  'Bounces',
];

/** The figures behind one chart of the report, as a CSV file. */
export const reportCsv = (
  report: ReportResponse,
  section: ReportSection,
): { filename: string; csv: string } => {
  const filename = reportFileName(section, report.period);
  switch (section) {
    case 'leads-by-status':
      return { filename, csv: tableCsv(report.leadsByStatus, true) };
    case 'leads-by-source':
      return { filename, csv: tableCsv(report.leadsBySource, true) };
    case 'emails':
      return { filename, csv: tableCsv(report.emails, false) };
    case 'campaigns':
      return {
        filename,
        csv: toCsv(
          CAMPAIGN_HEADER,
          report.campaigns.map((row) => [
            row.name,
            row.type,
            row.status,
            row.leads,
            row.sent,
            row.failed,
            row.tasksDone,
            row.replies,
            row.bounces,
          ]),
        ),
      };
  }
};
