import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type EditDeleteButtonsProps = {
  onEdit: () => void;
  onDelete: () => void;
  size?: ButtonProps['size'];
  /** The Delete button's accessible name when "Delete" alone is ambiguous in a list. */
  deleteLabel?: string;
};

/** A card's Edit and Delete buttons (templates, meetings, rules, webhooks). */
export const EditDeleteButtons = ({
  onEdit,
  onDelete,
  size = 'xs',
  deleteLabel,
}: EditDeleteButtonsProps) => (
  <>
    <Button size={size} variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
      Edit
    </Button>
    <Button
      size={size}
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={14} />}
      onClick={onDelete}
      aria-label={deleteLabel}
    >
      Delete
    </Button>
  </>
);
