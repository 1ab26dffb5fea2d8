import { useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Card,
  CloseButton,
  Flex,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import { useGettingStarted } from '../api/get-getting-started.ts';
import { gettingStartedSteps } from './getting-started-steps.ts';

const dismissedKey = (userId: string) => `leadline.getting-started-dismissed.${userId}`;

const isDismissed = (userId: string): boolean => {
  try {
    return window.localStorage.getItem(dismissedKey(userId)) === '1';
  } catch {
    return false;
  }
};

/**
 * The dashboard's "Getting started" panel: the first steps of the organisation the user works
 * in, each checked against real data with a link to the screen that does it. Gone once every
 * step is done, or when dismissed (remembered in this browser for this user).
 */
export const GettingStartedPanel = ({ user }: { user: PublicUser }) => {
  const [dismissed, setDismissed] = useState(() => isDismissed(user.id));
  const status = useGettingStarted(!dismissed);
  if (dismissed || !status.data?.organization) return null;
  const steps = gettingStartedSteps(user, status.data);
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;

  const dismiss = () => {
    window.localStorage.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Getting started">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h4">
              Getting started
            </Title>
            <Text size="sm" c="dimmed">
              {`${steps.length - left} of ${steps.length} done for ${status.data.organization}`}
            </Text>
          </Stack>
          <CloseButton aria-label="Dismiss getting started" onClick={dismiss} />
        </Group>
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step, index) => (
            <Group
              key={step.id}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              aria-label={`${step.title}: ${step.done ? 'done' : 'to do'}`}
            >
              <ThemeIcon
                size={32}
                radius="xl"
                variant={step.done ? 'filled' : 'light'}
                color={step.done ? 'teal' : 'blue'}
                aria-hidden
              >
                {step.done ? <IconCheck size={18} /> : <Text fw={700}>{index + 1}</Text>}
              </ThemeIcon>
              <Flex
                gap="xs"
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'flex-start', sm: 'center' }}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text
                    fw={600}
                    td={step.done ? 'line-through' : undefined}
                    c={step.done ? 'dimmed' : undefined}
                  >
                    {step.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {step.hint}
                  </Text>
                </Stack>
                {step.done ? null : (
                  <Button
                    component={Link}
                    to={step.action.to}
                    variant="light"
                    size="xs"
                    rightSection={<IconArrowRight size={14} aria-hidden />}
                    style={{ flexShrink: 0 }}
                  >
                    {step.action.label}
                  </Button>
                )}
              </Flex>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
};
