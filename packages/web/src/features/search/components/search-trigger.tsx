import { useState } from 'react';
import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SearchPalette } from './search-palette.tsx';

/**
 * The header's search: a button (an icon on a phone) and Ctrl-K / Cmd-K from any page, even
 * while typing in a field (not inside a rich-text editor, where it makes a link).
 */
export const SearchTrigger = ({ compact }: { compact: boolean }) => {
  const [opened, setOpened] = useState(false);
  const mac = useOs() === 'macos';
  useHotkeys([['mod+K', () => setOpened(true)]], [], false);
  const open = () => setOpened(true);
  return (
    <>
      {compact ? (
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={open} aria-label="Search">
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          size="xs"
          onClick={open}
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={<Kbd size="xs">{mac ? '⌘K' : 'Ctrl K'}</Kbd>}
          aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        >
          Search
        </Button>
      )}
      <SearchPalette opened={opened} onClose={() => setOpened(false)} />
    </>
  );
};
