import '@mantine/charts/styles.css';
import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReportSection } from '@leadline/shared/reports';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { useDownloadReport } from '../../features/reports/api/download-report.ts';
import { useReport } from '../../features/reports/api/get-report.ts';
import { CampaignResults } from '../../features/reports/components/campaign-results.tsx';
import { PeriodPicker } from '../../features/reports/components/period-picker.tsx';
import { REPORT_ERROR_FALLBACK } from '../../features/reports/components/report-format.ts';
import { ReportPanel } from '../../features/reports/components/report-panel.tsx';
import { useReportPeriod } from '../../features/reports/components/report-period.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ReportSkeleton } from '../../features/reports/components/report-states.tsx';
import { ReportSummary } from '../../features/reports/components/report-summary.tsx';
import { DealFigures } from '../../features/reports/components/deal-figures.tsx';
import { useCurrency } from '../../lib/organization-settings.ts';
import { TrackingFigures } from '../../components/tracking-figures.tsx';
import { SeriesPanel } from '../../features/reports/components/series-chart.tsx';

const NO_LEADS = 'No leads were created in this period.';

/** /reports: leads by status and source, emails and replies, and campaign results over time. */
export const ReportsRoute = () => {
  const state = useReportPeriod();
  const report = useReport(state.period);
  const currency = useCurrency();
  const download = useDownloadReport();

  const downloader = (section: ReportSection) => ({
    onDownload: () => {
      if (!report.data) return;
      download.mutate(
        { period: report.data.period, section },
        {
          onError: (error) =>
            notifyError(errorMessage(error, 'Failed to download the figures.'), error),
        },
      );
    },
    downloading: download.isPending && download.variables?.section === section,
  });

  const body = () => {
    // A failure keeps the last report shown (if any) under the error and its Try Again.
    const failure = report.isError ? (
      <LoadError
        title="Could not load the report"
        message={errorMessage(report.error, REPORT_ERROR_FALLBACK)}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
      />
    ) : null;
    if (!report.data) return failure ?? (state.period ? <ReportSkeleton /> : null);
    const { data } = report;
    const chart = (section: ReportSection, kind: 'stacked' | 'lines', emptyText: string) => ({
      bucket: data.period.bucket,
      kind,
      emptyText,
      ...downloader(section),
    });
    return (
      <Stack
        gap="md"
        aria-busy={report.isFetching}
        style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {failure}
        <ReportSummary totals={data.totals} />
        <TrackingFigures summary={data.tracking} />
        <DealFigures deals={data.deals} currency={currency} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <SeriesPanel
            title="Leads by status"
            description="New leads in each period, by their status now"
            table={data.leadsByStatus}
            {...chart('leads-by-status', 'stacked', NO_LEADS)}
          />
          <SeriesPanel
            title="Leads by source"
            description="Where the new leads came from"
            table={data.leadsBySource}
            {...chart('leads-by-source', 'stacked', NO_LEADS)}
          />
        </SimpleGrid>
        <SeriesPanel
          title="Emails sent, replies and bounces"
          description="Emails sent from every path, replies from leads found in your team's inboxes (automatic answers left out), and emails that bounced for good"
          table={data.emails}
          {...chart(
            'emails',
            'lines',
            'No emails were sent and no replies arrived in this period.',
          )}
        />
        <ReportPanel
          title="Campaign results"
          description="What each campaign sent, and the replies and bounces to it, in this period"
          empty={data.campaigns.length === 0 ? 'No campaigns yet.' : null}
          {...downloader('campaigns')}
        >
          <CampaignResults campaigns={data.campaigns} />
        </ReportPanel>
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description="Leads, emails, replies and campaign results for the period you choose."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void report.refetch()}
            loading={report.isFetching && !report.isPending}
            disabled={!state.period}
          >
            Refresh
          </Button>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <PeriodPicker state={state} />
        </Paper>
        {body()}
      </Stack>
    </>
  );
};
