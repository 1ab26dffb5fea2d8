import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@leadline/shared/money';
import type { DealFigures as Deals } from '@leadline/shared/reports';
import { formatCount } from '../../../lib/format.ts';

const Figure = ({ label, value, hint }: { label: string; value: string; hint: string }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz={26} fw={700} data-testid={`figure-${label}`}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {hint}
    </Text>
  </Card>
);

const days = (value: number) =>
  `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${value === 1 ? 'day' : 'days'}`;

/** Deals closed through the deal stages in the period, and how long deals stay in each stage. */
export const DealFigures = ({ deals, currency }: { deals: Deals; currency: string }) => (
  <Card withBorder radius="md" padding="lg" component="section" aria-label="Deals">
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h4">
          Deals
        </Title>
        <Text size="sm" c="dimmed">
          Deals moved into a won or lost stage in this period, and the average time deals spent in
          each stage before moving on
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Deals won" value={formatCount(deals.won)} hint="Moved into a won stage" />
        <Figure
          label="Value won"
          value={formatMoney(deals.valueWon, currency)}
          hint="Their deal values"
        />
        <Figure label="Deals lost" value={formatCount(deals.lost)} hint="Moved into a lost stage" />
        <Figure
          label="Win rate"
          value={deals.winRate === null ? '–' : `${deals.winRate}%`}
          hint="Won out of won and lost"
        />
      </SimpleGrid>
      {deals.daysPerStage.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deal left a stage in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label="Average days per stage" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Stage</Table.Th>
                <Table.Th ta="right">Average time in it</Table.Th>
                <Table.Th ta="right">Deals that moved on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deals.daysPerStage.map((stage) => (
                <Table.Tr key={stage.stageId}>
                  <Table.Td>{stage.name}</Table.Td>
                  <Table.Td ta="right">{days(stage.days)}</Table.Td>
                  <Table.Td ta="right">{formatCount(stage.deals)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  </Card>
);
