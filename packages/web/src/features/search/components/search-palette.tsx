import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  SEARCH_GROUP_LABELS,
  SEARCH_WORD_MIN,
  searchResultPath,
  searchWords,
} from '@leadline/shared/search';
import type { SearchResult, SearchType } from '@leadline/shared/search';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useSearch } from '../api/search.ts';
import { Highlighted } from './highlighted.tsx';
import classes from './search.module.css';

/** How long typing must pause before the server is asked (first results while typing). */
const DEBOUNCE_MS = 150;

type SearchPaletteProps = { opened: boolean; onClose: () => void };

type Group = { type: SearchType; results: { result: SearchResult; index: number }[] };

/** The results in the server's order, grouped by kind, each with its place in the whole list. */
const groupResults = (results: readonly SearchResult[]): Group[] => {
  const groups: Group[] = [];
  results.forEach((result, index) => {
    const last = groups.at(-1);
    if (last && last.type === result.type) last.results.push({ result, index });
    else groups.push({ type: result.type, results: [{ result, index }] });
  });
  return groups;
};

/**
 * Search over everything (Ctrl/Cmd-K): a combobox whose list groups the results by kind, the
 * typed words marked; arrow keys move, Enter opens, Escape closes. Each kind shows only when the
 * user may open its page (the server decides).
 */
export const SearchPalette = ({ opened, onClose }: SearchPaletteProps) => {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = useSearch(debounced);
  const navigate = useNavigate();
  const listId = useId();
  const results = useMemo(
    () => (debounced === '' ? [] : (search.data?.results ?? [])),
    [debounced, search.data],
  );
  const groups = useMemo(() => groupResults(results), [results]);
  const words = useMemo(() => searchWords(debounced), [debounced]);
  const current = Math.min(active, Math.max(results.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  const open = (result: SearchResult) => {
    close();
    void navigate(searchResultPath(result));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[current];
      if (chosen) open(chosen);
    }
  };

  const shortOnly = debounced !== '' && !words.some((word) => word.length >= SEARCH_WORD_MIN);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Search"
      size="lg"
      yOffset="8vh"
      classNames={{ body: classes.body }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Leads, companies, emails, notes…"
          aria-label="Search everything"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
          maxLength={200}
        />
        {search.isError ? (
          <Alert color="red" title="Search failed">
            {search.error.message}
          </Alert>
        ) : null}
        {debounced === '' ? (
          <Text size="sm" c="dimmed">
            Type a name, a company, a word from an email or a note. Arrow keys move, Enter opens.
          </Text>
        ) : null}
        {shortOnly ? (
          <Text size="sm" c="dimmed">
            Type {SEARCH_WORD_MIN} letters or more to search leads, clients and emails too.
          </Text>
        ) : null}
        {debounced !== '' && search.isSuccess && results.length === 0 && !search.isFetching ? (
          <Text size="sm" role="status">
            Nothing found for “{debounced}”.
          </Text>
        ) : null}
        <div id={listId} role="listbox" aria-label="Search results" className={classes.list}>
          {groups.map((group) => (
            <div key={group.type} role="group" aria-label={SEARCH_GROUP_LABELS[group.type]}>
              <Text
                size="xs"
                fw={700}
                c="dimmed"
                tt="uppercase"
                aria-hidden
                className={classes.heading}
              >
                {SEARCH_GROUP_LABELS[group.type]}
              </Text>
              {group.results.map(({ result, index }) => (
                <UnstyledButton
                  key={`${result.type}-${result.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  tabIndex={-1}
                  className={classes.option}
                  data-active={index === current || undefined}
                  onMouseMove={() => setActive(index)}
                  onClick={() => open(result)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Box miw={0}>
                      <Text size="sm" fw={500} truncate>
                        <Highlighted text={result.title} words={words} />
                      </Text>
                      {result.snippet ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          <Highlighted text={result.snippet} words={words} />
                        </Text>
                      ) : null}
                    </Box>
                    {result.at ? (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {formatRelativeTime(result.at)}
                      </Text>
                    ) : null}
                  </Group>
                </UnstyledButton>
              ))}
            </div>
          ))}
        </div>
      </Stack>
    </Modal>
  );
};
