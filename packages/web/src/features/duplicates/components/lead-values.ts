import { formatCustomValue } from '@leadline/shared/custom-fields';
import type { CustomField, CustomValue } from '@leadline/shared/custom-fields';
import { MERGE_FIELDS, MERGE_FIELD_LABELS } from '@leadline/shared/duplicates';
import type { MergeCustomField, MergeField } from '@leadline/shared/duplicates';
import type { Lead } from '@leadline/shared/leads';

/** A lead's name as a pair card and the merge show it (its email when it has no name). */
export const leadTitle = (lead: Lead): string =>
  [lead.personFirstName, lead.personLastName].filter((part) => part.trim()).join(' ') ||
  lead.personEmail;

/** A field's value as text; '' for none. */
export const fieldText = (lead: Lead, field: MergeField): string => {
  if (field === 'ownerId') return lead.owner?.name ?? '';
  const value = lead[field];
  if (value === null || value === undefined) return '';
  return String(value);
};

/** The fields whose values differ between the two leads, in form order. */
export const differingFields = (a: Lead, b: Lead): MergeField[] =>
  MERGE_FIELDS.filter((field) =>
    field === 'ownerId' ? a.ownerId !== b.ownerId : fieldText(a, field) !== fieldText(b, field),
  );

const customText = (value: CustomValue | undefined): string =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? ''
    : formatCustomValue(value);

/** A value the merge preview offers a choice of: a lead field or a custom one. */
export type MergeRow = {
  name: MergeField | MergeCustomField;
  label: string;
  /** The lead's value as text; '' for none. */
  text: (lead: Lead) => string;
};

/**
 * The values that differ between the two leads: the lead's fields in form order, then the
 * organisation's custom fields (given by the screen) in theirs.
 */
export const mergeRows = (
  a: Lead,
  b: Lead,
  customFields: readonly Pick<CustomField, 'key' | 'label'>[],
): MergeRow[] => [
  ...differingFields(a, b).map((field) => ({
    name: field,
    label: MERGE_FIELD_LABELS[field],
    text: (lead: Lead) => fieldText(lead, field),
  })),
  ...customFields
    .map((field) => ({
      name: `custom.${field.key}` as const,
      label: field.label,
      text: (lead: Lead) => customText(lead.custom[field.key]),
    }))
    .filter((row) => row.text(a) !== row.text(b)),
];

/** The default choice: the kept lead's value, the merged one's where the kept has none. */
export const defaultChoice = (keep: Lead, row: MergeRow): 'keep' | 'merge' =>
  row.text(keep) === '' ? 'merge' : 'keep';
