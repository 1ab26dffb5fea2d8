import { ColorSwatch, Group, Text } from '@mantine/core';

/** 'red.6' -> the Mantine colour variable. */
const colorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * The series of a chart, wrapping onto as many lines as they need (the charts' own legend has
 * a fixed height and cuts long lists off on a phone).
 */
export const ChartLegend = ({ series }: { series: { label: string; color: string }[] }) => (
  <Group
    gap="xs"
    justify="center"
    component="ul"
    p={0}
    m={0}
    style={{ listStyle: 'none', rowGap: 4 }}
  >
    {series.map((entry) => (
      <Group key={entry.label} gap={6} wrap="nowrap" component="li">
        <ColorSwatch color={colorVar(entry.color)} size={10} withShadow={false} aria-hidden />
        <Text size="xs">{entry.label}</Text>
      </Group>
    ))}
  </Group>
);
