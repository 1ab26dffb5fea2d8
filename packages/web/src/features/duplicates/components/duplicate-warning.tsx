import { useEffect, useState } from 'react';
import { Alert, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconUsers } from '@tabler/icons-react';
import { DUPLICATE_REASON_LABELS } from '@leadline/shared/duplicates';
import type { DuplicateCheckInput } from '@leadline/shared/duplicates';
import { leadDrawerPath } from '../../../lib/lead-links.ts';
import { useDuplicateCheck } from '../api/duplicates.ts';
import { leadTitle } from './lead-values.ts';

/** How long typing pauses before the form's values are checked. */
const PAUSE_MS = 400;

const useDebounced = <T,>(value: T): T => {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(JSON.parse(key) as T), PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
  return settled;
};

/**
 * Above the create form: the leads like the one being typed (the same email, profile URL,
 * phone, or name at the company), each a link that opens it, before anything is saved.
 */
export const DuplicateWarning = ({ values }: { values: DuplicateCheckInput }) => {
  const check = useDuplicateCheck(useDebounced(values));
  const matches = check.data?.matches ?? [];
  if (matches.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUsers size={18} />}
      title="This lead may already exist"
      role="status"
    >
      <List size="sm" spacing={4}>
        {matches.map(({ lead, reasons }) => (
          <List.Item key={lead._id}>
            <Text component={Link} to={leadDrawerPath(lead._id)} td="underline" c="inherit" inherit>
              {leadTitle(lead)} ({lead.personEmail})
            </Text>
            <Text span size="sm">
              : {reasons.map((reason) => DUPLICATE_REASON_LABELS[reason].toLowerCase()).join(', ')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
};
