import { useMutation } from '@tanstack/react-query';
import type { LeadListQuery } from '@leadline/shared/leads';
import { downloadFile } from '../../../lib/download.ts';
import { leadQueryString } from './get-leads.ts';

export const LEADS_FILE_NAME = 'leads.xlsx';

/** GET /api/leads/download with the list's filters (not its page), saved as leads.xlsx. */
export const downloadLeads = (query: Omit<LeadListQuery, 'page' | 'limit'>): Promise<void> => {
  const search = leadQueryString(query);
  return downloadFile(`/api/leads/download${search ? `?${search}` : ''}`, LEADS_FILE_NAME);
};

export const useDownloadLeads = () => useMutation({ mutationFn: downloadLeads });
