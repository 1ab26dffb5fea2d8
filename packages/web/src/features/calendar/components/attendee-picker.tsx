import { useState } from 'react';
import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ATTENDEE_SEARCH_MIN } from '@leadline/shared/calendar';
import type { MeetingLink } from '@leadline/shared/calendar';
import { useAttendeeOptions } from '../api/attendee-options.ts';

const KIND_LABEL = { lead: 'Lead', client: 'Client' } as const;

const keyOf = (link: Pick<MeetingLink, 'kind' | 'id'>) => `${link.kind}:${link.id}`;

type AttendeePickerProps = {
  links: readonly MeetingLink[];
  onChange: (links: MeetingLink[]) => void;
};

/**
 * Leads and clients as attendees: type a name, company or email, pick one from the
 * organisation's records (searched on the server as you type); each pick is a pill, linked to
 * the meeting and invited at its email.
 */
export const AttendeePicker = ({ links, onChange }: AttendeePickerProps) => {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const options = useAttendeeOptions(term);
  const picked = new Set(links.map(keyOf));
  const found = (options.data ?? []).filter((option) => !picked.has(keyOf(option)));
  const searching = term.length >= ATTENDEE_SEARCH_MIN;

  const pick = (key: string) => {
    const option = found.find((candidate) => keyOf(candidate) === key);
    if (!option) return;
    onChange([
      ...links,
      { kind: option.kind, id: option.id, name: option.name, email: option.email },
    ]);
    setSearch('');
    combobox.closeDropdown();
  };

  const remove = (key: string) => onChange(links.filter((link) => keyOf(link) !== key));

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput
          label="Leads and clients"
          description="Search your organisation's leads and clients by name, company or email"
          onClick={() => combobox.openDropdown()}
          rightSection={options.isFetching && searching ? <Loader size={14} /> : null}
        >
          <Pill.Group>
            {links.map((link) => (
              <Pill
                key={keyOf(link)}
                withRemoveButton
                onRemove={() => remove(keyOf(link))}
                removeButtonProps={{ 'aria-label': `Remove ${link.name}` }}
                title={link.email}
              >
                {link.name} ({KIND_LABEL[link.kind].toLowerCase()})
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={links.length === 0 ? 'Type a name or email' : undefined}
                aria-label="Search leads and clients"
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search === '' && links.length > 0) {
                    event.preventDefault();
                    remove(keyOf(links[links.length - 1]!));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label="Matching leads and clients">
          {found.length > 0 ? (
            found.map((option) => (
              <Combobox.Option value={keyOf(option)} key={keyOf(option)}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {option.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[option.email, option.company].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                  <Text size="xs" c="dimmed">
                    {KIND_LABEL[option.kind]}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>
              {options.isFetching || term !== search.trim()
                ? 'Searching…'
                : options.isError
                  ? 'The search failed; type again to retry'
                  : 'No lead or client matches: type their email in Other attendees'}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
