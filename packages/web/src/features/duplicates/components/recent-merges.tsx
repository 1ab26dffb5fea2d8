import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MergeSummary } from '@leadline/shared/duplicates';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { leadDrawerPath } from '../../../lib/lead-links.ts';

type Props = {
  merges: MergeSummary[];
  onUndo: (merge: MergeSummary) => void;
  undoing: string | null;
};

/** The organisation's latest merges, each with Undo while it lasts. */
export const RecentMerges = ({ merges, onUndo, undoing }: Props) => (
  <Stack gap="sm" component="section" aria-labelledby="recent-merges">
    <Title order={3} size="h4" id="recent-merges">
      Recent merges
    </Title>
    {merges.length === 0 ? (
      <Text c="dimmed" size="sm">
        No leads have been merged yet.
      </Text>
    ) : (
      merges.map((merge) => (
        <Card key={merge.id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text size="sm">
                {merge.mergedName} ({merge.mergedEmail}) merged into{' '}
                <Anchor
                  component={Link}
                  to={leadDrawerPath(merge.keptId)}
                  underline="always"
                  inherit
                >
                  {merge.keptName}
                </Anchor>
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(merge.mergedAt)}
                {merge.userName ? ` by ${merge.userName}` : ''}
                {merge.undoUntil ? ` · can be undone until ${formatDate(merge.undoUntil)}` : ''}
              </Text>
            </Stack>
            {merge.undoneAt ? (
              <Badge variant="light" color="gray">
                Undone
              </Badge>
            ) : merge.undoUntil ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onUndo(merge)}
                loading={undoing === merge.id}
                aria-label={`Undo the merge of ${merge.mergedName}`}
              >
                Undo
              </Button>
            ) : null}
          </Group>
        </Card>
      ))
    )}
  </Stack>
);
