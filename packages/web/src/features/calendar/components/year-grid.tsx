import { Card, SimpleGrid, UnstyledButton } from '@mantine/core';
import { monthName } from './calendar-dates.ts';
import { MiniMonth } from './mini-month.tsx';

type YearGridProps = {
  year: number;
  selected: Date;
  today: Date;
  marked: ReadonlySet<string>;
  onSelect: (day: Date) => void;
  onOpenMonth: (month: Date) => void;
};

/** The Year view: twelve months with their meeting days marked. */
export const YearGrid = ({ year, onOpenMonth, ...rest }: YearGridProps) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" role="group" aria-label="Year">
    {Array.from({ length: 12 }, (_, index) => new Date(year, index, 1)).map((month) => (
      <Card key={month.getMonth()} withBorder radius="md" padding="sm">
        <UnstyledButton
          fw={600}
          fz="sm"
          mb={6}
          aria-label={`Open ${monthName(month)}`}
          onClick={() => onOpenMonth(month)}
        >
          {monthName(month)}
        </UnstyledButton>
        <MiniMonth month={month} {...rest} />
      </Card>
    ))}
  </SimpleGrid>
);
