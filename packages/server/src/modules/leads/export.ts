import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { LEAD_FIELDS } from '@leadline/shared/leads';
import type { LeadField, LeadListParams } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../users/present.ts';
import { findLeadBatch } from './repo.ts';
import type { LeadRow } from './repo.ts';
import { organizationOf, toLeadFilter } from './service.ts';

const BATCH = 2000;
const FIELDS = Object.keys(LEAD_FIELDS) as LeadField[];

/**
 * The header row: the labels the import reads back (round trip), then read-only columns the
 * import ignores.
 */
export const EXPORT_HEADERS = [
  ...FIELDS.map((field) => LEAD_FIELDS[field]),
  'Created Date',
  'Mail Sent',
  'Sent Count',
  'Last Sent',
];

const exportRow = (lead: LeadRow): (string | number)[] => [
  ...FIELDS.map((field) => String(lead[field] ?? '')),
  lead.createdAt.toISOString(),
  lead.mailSent ? 'Yes' : 'No',
  lead.sentCount,
  lead.mailSentDate ? lead.mailSentDate.toISOString() : '',
];

/**
 * GET /api/leads/download: leads.xlsx of the current filters, newest first, streamed a batch
 * at a time so a million rows never sit in memory. Every value is written as a text cell (no
 * formula), so "=HYPERLINK(...)" in a lead's notes is shown, never run.
 */
export const exportLeads = (
  db: Db,
  actor: CurrentUser,
  query: Omit<LeadListParams, 'page' | 'limit' | 'sort'>,
): PassThrough => {
  const organizationId = organizationOf(actor);
  const filter = toLeadFilter(query);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Leads');
  const write = async () => {
    const header = sheet.addRow(EXPORT_HEADERS);
    header.font = { bold: true };
    header.commit();
    let afterId: string | null = null;
    for (;;) {
      const rows: LeadRow[] = await findLeadBatch(db, organizationId, filter, afterId, BATCH);
      for (const lead of rows) sheet.addRow(exportRow(lead)).commit();
      // Wait for a slow reader instead of buffering the file.
      if (out.writableNeedDrain) await once(out, 'drain');
      if (rows.length < BATCH) break;
      afterId = rows.at(-1)!.id;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
