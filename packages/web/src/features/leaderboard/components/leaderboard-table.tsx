import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  LEADERBOARD_FIGURES,
  LEADERBOARD_FIGURE_LABELS,
  MONEY_FIGURES,
} from '@leadline/shared/leaderboard';
import { formatMoney } from '@leadline/shared/money';
import type { LeaderboardFigure, LeaderboardRow } from '@leadline/shared/leaderboard';
import { formatCount } from '../../../lib/format.ts';

type LeaderboardTableProps = {
  rows: LeaderboardRow[];
  sort: LeaderboardFigure;
  onSort: (figure: LeaderboardFigure) => void;
  /** The signed-in user: their row is highlighted. */
  selfId: string | undefined;
  /** The organisation's currency (Value won). */
  currency: string;
};

/** The users ranked for the period; a figure's header ranks by it. */
export const LeaderboardTable = ({
  rows,
  sort,
  onSort,
  selfId,
  currency,
}: LeaderboardTableProps) => (
  <Table.ScrollContainer minWidth={960}>
    <Table verticalSpacing="sm" highlightOnHover aria-label="Leaderboard">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={56}>Rank</Table.Th>
          <Table.Th>User</Table.Th>
          {LEADERBOARD_FIGURES.map((figure) => (
            <Table.Th
              key={figure}
              ta="right"
              aria-sort={figure === sort ? 'descending' : undefined}
            >
              <UnstyledButton
                onClick={() => onSort(figure)}
                fz="sm"
                fw={figure === sort ? 700 : 600}
                c={figure === sort ? 'blue' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  {LEADERBOARD_FIGURE_LABELS[figure]}
                  {figure === sort ? <IconChevronDown size={14} aria-hidden /> : null}
                </Group>
              </UnstyledButton>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => {
          const self = row.user.id === selfId;
          return (
            <Table.Tr
              key={row.user.id}
              data-self={self || undefined}
              aria-current={self ? 'true' : undefined}
              bg={self ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Text fw={700}>{index + 1}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={self ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
                    {row.user.name}
                  </Text>
                  {self ? (
                    <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
                      You
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              {LEADERBOARD_FIGURES.map((figure) => (
                <Table.Td key={figure} ta="right" fw={figure === sort ? 700 : undefined}>
                  {MONEY_FIGURES.includes(figure)
                    ? formatMoney(row[figure], currency)
                    : formatCount(row[figure])}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
