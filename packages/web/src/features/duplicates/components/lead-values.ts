import { MERGE_FIELDS } from '@leadline/shared/duplicates';
import type { MergeField } from '@leadline/shared/duplicates';
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

/** The default choice: the kept lead's value, the merged one's where the kept has none. */
export const defaultChoice = (keep: Lead, field: MergeField): 'keep' | 'merge' =>
  fieldText(keep, field) === '' ? 'merge' : 'keep';
