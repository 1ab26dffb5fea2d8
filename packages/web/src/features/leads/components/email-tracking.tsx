import { useState } from 'react';
import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import type { SentEmail } from '@leadline/shared/email';
import { HIT_CLASS_LABELS } from '@leadline/shared/tracking';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { clicksText, opensText } from '../../../lib/tracking.ts';
import { useEmailHits } from '../api/get-email-hits.ts';

const Hits = ({ leadId, emailId }: { leadId: string; emailId: string }) => {
  const hits = useEmailHits(leadId, emailId);
  if (hits.isPending) return <Loader size="xs" aria-label="Loading opens and clicks" />;
  if (hits.isError) {
    return (
      <Text size="xs" c="red">
        {errorMessage(hits.error, 'Failed to load the opens and clicks')}
      </Text>
    );
  }
  const list = hits.data.hits;
  if (list.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Nothing yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table fz="xs" verticalSpacing={4} aria-label="Opens and clicks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((hit, index) => (
            <Table.Tr key={`${hit.at}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(hit.at)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {hit.kind === 'open' ? 'Open' : `Click: ${hit.url ?? ''}`}
              </Table.Td>
              <Table.Td>{HIT_CLASS_LABELS[hit.class]}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{hit.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/**
 * A tracked email's opens and clicks, each class apart (people, privacy proxies, machines),
 * with its hits one by one on demand.
 */
export const EmailTracking = ({ leadId, email }: { leadId: string; email: SentEmail }) => {
  const [open, setOpen] = useState(false);
  if (!email.tracked || !email.opens || !email.clicks) return null;
  const hitsId = `hits-${email._id}`;
  return (
    <Stack gap={2} data-testid="email-tracking">
      <Text size="xs">{opensText(email.opens)}</Text>
      <Text size="xs">{clicksText(email.clicks)}</Text>
      <Anchor
        component="button"
        type="button"
        size="xs"
        w="fit-content"
        aria-expanded={open}
        aria-controls={hitsId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide opens and clicks' : 'Show opens and clicks'}
      </Anchor>
      {open ? (
        <div id={hitsId}>
          <Hits leadId={leadId} emailId={email._id} />
        </div>
      ) : null}
    </Stack>
  );
};
