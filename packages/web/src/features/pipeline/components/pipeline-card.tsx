import { memo } from 'react';
import { ActionIcon, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { personName } from '@leadline/shared/leads';
import type { Lead } from '@leadline/shared/leads';
import { formatMoney } from '@leadline/shared/money';
import { columnKeyOf, daysInColumn } from '@leadline/shared/pipeline';
import classes from './pipeline.module.css';

/** A column a card may move to: its key (a status, or a stage's id) and name. */
export type MoveTarget = { key: string; name: string };

type PipelineCardProps = {
  lead: Lead;
  currency: string;
  dragging: boolean;
  onDragStart: (lead: Lead) => void;
  onDragEnd: () => void;
  onMove: (lead: Lead, key: string) => void;
  /** Opens the lead (its drawer); absent when the user may not open leads. */
  onOpen?: (lead: Lead) => void;
  targets: readonly MoveTarget[];
};

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * One lead on the board: company, contact, owner, deal value and days in its status. Dragged
 * with the mouse, or moved from its "Move to" menu with the keyboard (or a finger).
 */
const Card = ({
  lead,
  currency,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
  onOpen,
  targets,
}: PipelineCardProps) => {
  const contact = personName(lead);
  const company = lead.companyName || 'No company';
  const days = daysInColumn(lead);
  const here = columnKeyOf(lead);
  const inStage = lead.stageId !== null;
  const title = (
    <Text fw={600} size="sm" lineClamp={1}>
      {company}
    </Text>
  );
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      className={classes.card}
      draggable
      data-dragging={dragging}
      data-lead-id={lead._id}
      aria-label={`${company}, ${contact}`}
      role="listitem"
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', lead._id);
        onDragStart(lead);
      }}
      onDragEnd={onDragEnd}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        {onOpen ? (
          <UnstyledButton onClick={() => onOpen(lead)} style={{ minWidth: 0 }}>
            {title}
          </UnstyledButton>
        ) : (
          <div style={{ minWidth: 0 }}>{title}</div>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Move ${contact || company} to another column`}
            >
              <IconArrowsExchange size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move to</Menu.Label>
            {targets
              .filter((target) => target.key !== here)
              .map((target) => (
                <Menu.Item key={target.key} onClick={() => onMove(lead, target.key)}>
                  {target.name}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Stack gap={2} mt={2}>
        <Text size="sm" lineClamp={1}>
          {contact}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {lead.owner ? `Owner: ${lead.owner.name}` : 'No owner'}
        </Text>
        <Group justify="space-between" gap={4}>
          <Text size="sm" fw={600}>
            {lead.dealValue === null ? '—' : formatMoney(lead.dealValue, currency)}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            title={
              inStage
                ? `In this stage since ${new Date(lead.stageChangedAt ?? lead.statusChangedAt).toLocaleString()}`
                : `In ${lead.status} since ${new Date(lead.statusChangedAt).toLocaleString()}`
            }
          >
            {daysText(days)} in {inStage ? 'stage' : 'status'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};

/** Memoised: a card re-renders only when its lead (or the drag) changes. */
export const PipelineCard = memo(Card);
