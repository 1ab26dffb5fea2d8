// The mapping step: a file's columns matched to fields, the first rows to preview, the
// saved presets chosen for the same header row.
import { headerKey, mappingProblems } from '@leadline/shared/import-rows';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import type { ImportCustomField } from '@leadline/shared/import-custom';
import { dateColumnOrder } from '@leadline/shared/import-readers';
import { importDateOrderSchema } from '@leadline/shared/imports';
import type { DateOrder, ImportPreset, ImportPreview } from '@leadline/shared/imports';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { automaticMapping } from './headers.ts';
import { importableFields } from './custom-fields.ts';
import { PRESET_NOT_FOUND } from './own-import.ts';
import type { ImportKind } from './headers.ts';
import { cellText, checkUpload, detectType, openRows } from './read.ts';
import { deletePreset, findPresetByHeaders, listPresets, upsertPreset } from './presets-repo.ts';
import type { PresetRow } from './presets-repo.ts';

export const PREVIEW_ROWS = 20;
/** The rows whose values tell the order of a column's dates on the mapping step. */
const DATE_SAMPLE_ROWS = 1000;
const PRESET_NAME_MAX = 100;
const NO_ORGANIZATION = chooseOrganization('import leads and clients');

/** The header row's key: its cells reduced to letters and digits, joined. */
export const headersKey = (headers: readonly string[]): string =>
  headers.map((header) => headerKey(header)).join('|');

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

const presentPreset = (row: PresetRow): ImportPreset => ({
  id: row.id,
  name: row.name,
  headers: row.headers,
  mapping: row.mapping,
  dateOrder: row.dateOrder ?? null,
  roundRobin: row.roundRobin,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A preset fits a header row it was saved for, as long as the fields it names still exist (a
 * custom field since deleted or hidden: it no longer fits).
 */
const presetFor = async (
  db: Db,
  organizationId: string,
  kind: ImportKind,
  headers: string[],
  customFields: readonly ImportCustomField[],
): Promise<PresetRow | undefined> => {
  const preset = await findPresetByHeaders(db, organizationId, kind, headersKey(headers));
  if (!preset || preset.mapping.length !== headers.length) return undefined;
  return mappingProblems(kind, preset.mapping, customFields).length === 0 ? preset : undefined;
};

/** POST …/upload/preview: the columns, the mapping to start from and the first rows. */
export const previewImport = async (
  db: Db,
  actor: CurrentUser,
  kind: ImportKind,
  filename: string,
  file: Buffer,
): Promise<ImportPreview> => {
  const organizationId = organizationOf(actor);
  const type = detectType(filename, file);
  const sheet = await openRows(file, type);
  const rows: ImportPreview['rows'] = [];
  // Each column's values in the first rows, for the order of its dates.
  const samples: string[][] = sheet.headers.map(() => []);
  let read = 0;
  try {
    for await (const row of sheet.rows) {
      const cells = sheet.headers.map((_, index) => cellText(row.cells[index]));
      if (rows.length < PREVIEW_ROWS) rows.push({ row: row.number, cells });
      cells.forEach((cell, index) => {
        if (cell) samples[index]!.push(cell);
      });
      read += 1;
      if (read === DATE_SAMPLE_ROWS) break;
    }
  } finally {
    await sheet.rows.return(undefined);
  }
  const headers = sheet.headers.map((header) => cellText(header));
  if (headers.length === 0) throw badRequest('The file has no rows to import');
  if (rows.length === 0) throw badRequest('The file has no data rows');
  const customFields = await importableFields(db, organizationId, kind);
  const automatic = automaticMapping(kind, sheet.headers, customFields);
  const preset = await presetFor(db, organizationId, kind, headers, customFields);
  return {
    filename,
    headers,
    mapping: preset?.mapping ?? automatic,
    automatic,
    preset: preset ? presentPreset(preset) : null,
    rows,
    estimatedRows: Math.max(sheet.estimatedRows(), read),
    dateOrders: samples.map((values) => dateColumnOrder(values) ?? null),
    customFields,
  };
};

/** A `mapping` field as sent: a JSON array of field names, null or "" for a column left out. */
export const parseMapping = (value: string | undefined): ColumnMapping | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length > 1000 ||
    !parsed.every((item) => item === null || typeof item === 'string')
  )
    throw badRequest(
      'The mapping must be a JSON array naming a field (or null) for each column of the file',
    );
  return (parsed as (string | null)[]).map((field) => (field ? field : null));
};

/** The upload's `dateOrder` field: "dmy", "mdy", or nothing (told from the column). */
export const parseDateOrder = (value: string | undefined): DateOrder | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = importDateOrderSchema.safeParse(value.trim().toLowerCase());
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
};

/**
 * What an upload will run with: the mapping sent, else the organisation's preset for the
 * file's header row, else the automatic one; checked on the file's top (a 400 if unusable).
 */
export const planImport = async (
  db: Db,
  organizationId: string,
  kind: ImportKind,
  filename: string,
  file: Buffer,
  mapping: ColumnMapping | undefined,
): Promise<{ headers: string[]; mapping: ColumnMapping }> => {
  const type = detectType(filename, file);
  const top = await openRows(file, type);
  await top.rows.return(undefined);
  const headers = top.headers.map((header) => cellText(header));
  const customFields = await importableFields(db, organizationId, kind);
  const preset = mapping
    ? undefined
    : await presetFor(db, organizationId, kind, headers, customFields);
  const given = mapping ?? preset?.mapping;
  // With no mapping sent or saved, the header row must name the required columns itself.
  await checkUpload(kind, filename, file, given, customFields);
  const chosen = given ?? automaticMapping(kind, top.headers, customFields);
  return { headers, mapping: chosen };
};

export const importPresets = async (db: Db, actor: CurrentUser, kind: ImportKind) =>
  (await listPresets(db, organizationOf(actor), kind)).map(presentPreset);

/** PUT …/import-presets: saves (or replaces) the preset for a header row. */
export const saveImportPreset = async (
  db: Db,
  actor: CurrentUser,
  kind: ImportKind,
  body: {
    name: string;
    headers: string[];
    mapping: (string | null)[];
    dateOrder?: DateOrder | null;
    roundRobin?: boolean;
  },
): Promise<ImportPreset> => {
  const organizationId = organizationOf(actor);
  const name = body.name.trim();
  if (!name) throw badRequest('Preset name is required');
  if (name.length > PRESET_NAME_MAX)
    throw badRequest(`Preset name must be at most ${PRESET_NAME_MAX} characters`);
  if (body.mapping.length !== body.headers.length)
    throw badRequest('The mapping must name a field (or null) for each header');
  const mapping = body.mapping.map((field) => (field ? field : null));
  const customFields = await importableFields(db, organizationId, kind);
  const problems = mappingProblems(kind, mapping, customFields);
  if (problems.length > 0) throw badRequest(problems.join('. '));
  const row = await upsertPreset(db, {
    organizationId,
    kind,
    headerKey: headersKey(body.headers),
    headers: body.headers,
    name,
    mapping,
    dateOrder: body.dateOrder ?? undefined,
    roundRobin: kind === 'leads' && body.roundRobin === true,
    createdBy: actor.id,
  });
  return presentPreset(row);
};

export const removeImportPreset = async (
  db: Db,
  actor: CurrentUser,
  kind: ImportKind,
  id: string,
) => {
  const organizationId = organizationOf(actor);
  if (!(await deletePreset(db, organizationId, kind, id))) throw notFound(PRESET_NOT_FOUND);
};
