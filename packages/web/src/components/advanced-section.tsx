import type { ReactNode } from 'react';
import { Box, Button, Collapse } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';

type AdvancedSectionProps = {
  /** The id of the folded part (for aria-controls). */
  id: string;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
};

/** Fields most people leave as they are, folded under an "Advanced" toggle. */
export const AdvancedSection = ({ id, expanded, onToggle, children }: AdvancedSectionProps) => (
  <Box>
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      leftSection={
        <IconChevronRight
          size={16}
          style={{
            transform: expanded ? 'rotate(90deg)' : undefined,
            transition: 'transform 150ms',
          }}
        />
      }
      aria-expanded={expanded}
      aria-controls={id}
      onClick={onToggle}
    >
      Advanced
    </Button>
    <Collapse expanded={expanded} id={id} keepMountedMode="display-none">
      <Box pt="sm">{children}</Box>
    </Collapse>
  </Box>
);
