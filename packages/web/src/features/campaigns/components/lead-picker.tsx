import { useMemo, useRef, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { LeadOption } from '@leadline/shared/campaigns';
import { useLeadOptions } from '../api/get-lead-options.ts';

type LeadPickerProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** The chosen leads as the server named them (editing). */
  known: readonly LeadOption[];
  campaignId: string | null;
  disabled: boolean;
  error?: string;
};

const label = (lead: LeadOption) =>
  `${lead.name || lead.email}${lead.companyName ? ` · ${lead.companyName}` : ''}`;

/** Chooses leads by name, email or company; the server searches as the user types. */
export const LeadPicker = ({
  value,
  onChange,
  known,
  campaignId,
  disabled,
  error,
}: LeadPickerProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const options = useLeadOptions(debounced, campaignId, !disabled);
  // Every lead seen so far keeps its label once chosen, whatever the current search shows.
  const seen = useRef(new Map<string, LeadOption>());
  for (const lead of [...known, ...(options.data ?? [])]) seen.current.set(lead._id, lead);
  const data = useMemo(() => {
    const shown = new Map<string, string>();
    for (const id of value) {
      const lead = seen.current.get(id);
      shown.set(id, lead ? label(lead) : id);
    }
    for (const lead of options.data ?? []) shown.set(lead._id, label(lead));
    return [...shown].map(([id, text]) => ({ value: id, label: text }));
  }, [value, options.data]);

  return (
    <MultiSelect
      label="Leads"
      description="Chosen by hand; the target filters below add the leads they match."
      placeholder={value.length === 0 ? 'Search leads by name, email or company' : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No leads found'}
      clearable
      hidePickedOptions
      maxDropdownHeight={260}
      disabled={disabled}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
