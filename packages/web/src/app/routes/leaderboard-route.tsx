import { Button, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LEADERBOARD_FIGURES, LEADERBOARD_FIGURE_LABELS } from '@leadline/shared/leaderboard';
import type { LeaderboardFigure } from '@leadline/shared/leaderboard';
import { ChooseOrganization } from '../../components/choose-organization.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PeriodPicker } from '../../components/period-picker.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useOrganizationChoice } from '../../lib/organization-choice.ts';
import { useSession } from '../../lib/session.ts';
import { useLeaderboard } from '../../features/leaderboard/api/get-leaderboard.ts';
import {
  LEADERBOARD_PRESETS,
  useLeaderboardView,
} from '../../features/leaderboard/components/leaderboard-period.ts';
import { LeaderboardTable } from '../../features/leaderboard/components/leaderboard-table.tsx';
import { useCurrency } from '../../lib/organization-settings.ts';

/** /leaderboard: the organisation's users ranked over a period by the figure chosen. */
export const LeaderboardRoute = () => {
  const { user } = useSession();
  const organization = useOrganizationChoice();
  const view = useLeaderboardView();
  const needsOrganization = user?.role === 'Super Admin' && !organization;
  const board = useLeaderboard(needsOrganization ? null : view.ask, organization);
  const currency = useCurrency();

  const body = () => {
    if (needsOrganization) return <ChooseOrganization purpose="see its leaderboard" />;
    const failure = board.isError ? (
      <LoadError
        title="Could not load the leaderboard"
        message={errorMessage(board.error, 'Please try again.')}
        retrying={board.isFetching}
        onRetry={() => void board.refetch()}
      />
    ) : null;
    if (!board.data) return failure ?? (view.ask ? <Skeleton h={240} radius="md" /> : null);
    return (
      <Stack gap="sm" aria-busy={board.isFetching}>
        {failure}
        <Paper
          withBorder
          radius="md"
          style={{ opacity: board.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <LeaderboardTable
            rows={board.data.rows}
            sort={board.data.sort}
            onSort={view.setSort}
            currency={currency}
            selfId={user?.id}
          />
        </Paper>
        <Text size="xs" c="dimmed">
          Replies count for the user whose email was answered; meetings held are the meetings a user
          organised that started in the period (and not later than now); deals won are the deals
          moved into a won stage in the period, counted for the lead's owner now.
        </Text>
      </Stack>
    );
  };

  return (
    <>
      <PageHeader
        title="Leaderboard"
        description="Your team ranked by leads created, emails, replies, meetings, qualified leads, calls, notes and deals won."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void board.refetch()}
            loading={board.isFetching && !board.isPending}
            disabled={!view.ask || needsOrganization}
          >
            Refresh
          </Button>
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <PeriodPicker
            presets={LEADERBOARD_PRESETS}
            preset={view.preset}
            from={view.from}
            to={view.to}
            error={view.error}
            onPreset={view.choosePreset}
            onDates={view.setDates}
            hint="Days run from midnight to midnight UTC, as in Reports; weeks start on Monday."
          >
            <NativeSelect
              label="Rank by"
              value={view.sort}
              data={LEADERBOARD_FIGURES.map((figure) => ({
                value: figure,
                label: LEADERBOARD_FIGURE_LABELS[figure],
              }))}
              onChange={(event) => view.setSort(event.currentTarget.value as LeaderboardFigure)}
              w={{ base: '100%', xs: 170 }}
            />
          </PeriodPicker>
        </Paper>
        {body()}
      </Stack>
    </>
  );
};
