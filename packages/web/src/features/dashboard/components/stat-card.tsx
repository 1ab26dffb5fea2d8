import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatCount } from '../../../lib/format.ts';
import { formatTrend } from './dashboard-format.ts';
import classes from './dashboard.module.css';

const NO_PREVIOUS = 'No previous data';
const PERIOD = 'vs previous 30 days';

/** The real change against the previous 30 days (never a made-up trend), or why there is none. */
const Trend = ({ percent }: { percent: number | null }) => {
  if (percent === null) {
    return (
      <Text size="sm" c="dimmed">
        {NO_PREVIOUS}
      </Text>
    );
  }
  const color = percent > 0 ? 'teal' : percent < 0 ? 'red' : 'gray';
  const ArrowIcon = percent > 0 ? IconArrowUpRight : percent < 0 ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={6} wrap="wrap" data-testid="trend">
      <Text
        component="span"
        size="sm"
        fw={600}
        c={color}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
      >
        <ArrowIcon size={16} stroke={2} aria-hidden />
        {formatTrend(percent)}
      </Text>
      <Text component="span" size="sm" c="dimmed">
        {PERIOD}
      </Text>
    </Group>
  );
};

const trendDescription = (percent: number | null): string => {
  if (percent === null) return NO_PREVIOUS;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'unchanged';
  return `${direction} ${formatTrend(percent)} ${PERIOD}`;
};

type StatCardProps = {
  label: string;
  value: number;
  trend: number | null;
  icon: ReactNode;
  color: string;
  /** Where a click goes; none when the user may not open that page. */
  to?: string;
};

export const StatCard = ({ label, value, trend, icon, color, to }: StatCardProps) => {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
          {label}
          <VisuallyHidden>:</VisuallyHidden>
        </Text>
        <Text fz={30} fw={700} lh={1.1} data-testid="stat-value">
          {formatCount(value)}
        </Text>
        <Trend percent={trend} />
      </Stack>
      <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
    </Group>
  );
  const name = `${label}: ${formatCount(value)}, ${trendDescription(trend)}`;
  if (!to) {
    return (
      <Card
        withBorder
        radius="md"
        padding="lg"
        component="section"
        aria-label={name}
        data-stat={label}
      >
        {body}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component={Link}
      to={to}
      className={classes.statLink}
      data-stat={label}
    >
      {body}
    </Card>
  );
};
