import { Alert, Radio, Stack, Text } from '@mantine/core';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { DATE_ORDERS } from '@leadline/shared/import-readers';
import { DATE_ORDER_LABELS } from '../lib/import-mapping.ts';
import type { DateOrder } from '../lib/import-mapping.ts';

type ImportDateOrderProps = {
  header: string;
  /** What the column's values tell: an order, or 'ambiguous' when they could be either. */
  detected: DateOrder | 'ambiguous';
  value: DateOrder | null;
  onChange: (order: DateOrder) => void;
};

/**
 * How the numeric dates of the date column are written: asked when the values could be read
 * either way (03/02/2027), shown (and changeable) when they tell.
 */
export const ImportDateOrder = ({ header, detected, value, onChange }: ImportDateOrderProps) => {
  const ambiguous = detected === 'ambiguous';
  return (
    <Alert
      color={ambiguous && !value ? 'yellow' : 'blue'}
      variant="light"
      icon={<IconCalendarQuestion size={18} />}
      p="xs"
      data-testid="import-date-order"
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {ambiguous
            ? `How are the dates in “${header}” written?`
            : `Dates in “${header}”: ${DATE_ORDER_LABELS[detected].split(' (')[0]!.toLowerCase()}, as its values show`}
        </Text>
        {ambiguous ? (
          <Text size="xs">
            Every date in the column could be read either way (03/02/2027 is 3 February or March 2):
            choose how your file writes them.
          </Text>
        ) : null}
        <Radio.Group
          value={value ?? ''}
          onChange={(order) => onChange(order as DateOrder)}
          aria-label={`How the dates in ${header} are written`}
        >
          <Stack gap={4}>
            {DATE_ORDERS.map((order) => (
              <Radio key={order} value={order} label={DATE_ORDER_LABELS[order]} size="sm" />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Alert>
  );
};
