import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DUPLICATE_REASON_LABELS } from '@leadline/shared/duplicates';
import type { DuplicatePair } from '@leadline/shared/duplicates';
import type { Lead } from '@leadline/shared/leads';
import { formatDate } from '../../../lib/format.ts';
import { leadDrawerPath } from '../../../lib/lead-links.ts';
import { leadTitle } from './lead-values.ts';

const LeadSide = ({ lead }: { lead: Lead }) => (
  <Stack gap={2} miw={0}>
    <Anchor fw={600} component={Link} to={leadDrawerPath(lead._id)} underline="always" truncate>
      {leadTitle(lead)}
    </Anchor>
    <Text size="sm" truncate>
      {lead.personEmail}
    </Text>
    <Text size="sm" c="dimmed" truncate>
      {[lead.companyName, lead.phone].filter(Boolean).join(' · ') || 'No company or phone'}
    </Text>
    <Text size="xs" c="dimmed">
      Owner: {lead.owner?.name ?? 'Nobody'} · Added {formatDate(lead.createdAt)}
    </Text>
  </Stack>
);

type Props = {
  pair: DuplicatePair;
  onMerge: (pair: DuplicatePair) => void;
  onKeepSeparate: (pair: DuplicatePair) => void;
  busy: boolean;
};

/** One candidate pair: both leads, why they look alike, Merge and Keep separate. */
export const DuplicatePairCard = ({ pair, onMerge, onKeepSeparate, busy }: Props) => {
  const names = `${leadTitle(pair.a)} and ${leadTitle(pair.b)}`;
  return (
    <Card withBorder padding="md" component="article" aria-label={`Possible duplicate: ${names}`}>
      <Stack gap="sm">
        <Group gap="xs">
          {pair.reasons.map((reason) => (
            <Badge key={reason} variant="light" color={reason === 'email' ? 'red' : 'blue'}>
              {DUPLICATE_REASON_LABELS[reason]}
            </Badge>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LeadSide lead={pair.a} />
          <LeadSide lead={pair.b} />
        </SimpleGrid>
        <Group gap="xs" justify="flex-end">
          <Button
            variant="default"
            size="xs"
            onClick={() => onKeepSeparate(pair)}
            disabled={busy}
            aria-label={`Keep separate: ${names}`}
          >
            Keep separate
          </Button>
          <Button size="xs" onClick={() => onMerge(pair)} aria-label={`Merge ${names}`}>
            Merge
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
