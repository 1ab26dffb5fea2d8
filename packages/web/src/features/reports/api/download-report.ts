import { useMutation } from '@tanstack/react-query';
import { reportFileName } from '@leadline/shared/reports';
import type { ReportPeriod, ReportSection } from '@leadline/shared/reports';
import { downloadFile } from '../../../lib/download.ts';
import { reportQueryString } from './get-report.ts';

type ReportDownload = { period: ReportPeriod; section: ReportSection };

/** GET /api/reports/export: the figures behind one chart, saved as CSV. */
export const downloadReport = ({ period, section }: ReportDownload): Promise<void> =>
  downloadFile(
    `/api/reports/export?${reportQueryString(period)}&section=${section}`,
    reportFileName(section, period),
  );

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
