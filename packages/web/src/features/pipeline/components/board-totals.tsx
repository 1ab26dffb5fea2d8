import { Group, Text } from '@mantine/core';
import { formatMoney } from '@leadline/shared/money';
import type { PipelineColumn } from '@leadline/shared/pipeline';
import { formatCount } from '../../../lib/format.ts';

const shortName = (name: string) => name.replace(/ Lead$/, '');

/** The chance each column counts with, as the weighted totals use it. */
export const stageLegend = (columns: readonly PipelineColumn[]) =>
  `Weighted = deal value × the stage's chance to close: ${columns
    .map((column) => `${shortName(column.name)} ${column.probability}%`)
    .join(', ')}.`;

/** The board's exact total and weighted total over the columns shown, with their chances. */
export const BoardTotals = ({
  columns,
  currency,
}: {
  columns: readonly PipelineColumn[];
  currency: string;
}) => {
  const count = columns.reduce((sum, column) => sum + column.count, 0);
  const value = columns.reduce((sum, column) => sum + column.value, 0);
  const weighted = columns.reduce((sum, column) => sum + column.weightedValue, 0);
  return (
    <Group gap="xs" wrap="wrap" align="baseline" mb="xs" data-testid="board-totals">
      <Text size="sm" fw={700}>
        {`${formatMoney(value, currency)} in ${formatCount(count)} ${count === 1 ? 'lead' : 'leads'}`}
      </Text>
      <Text size="sm" fw={600} data-testid="board-weighted">
        {`· ${formatMoney(weighted, currency)} weighted`}
      </Text>
      <Text size="xs" c="dimmed">
        {stageLegend(columns)}
      </Text>
    </Group>
  );
};
