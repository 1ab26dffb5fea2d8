import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { needsMailSettings, sendFailureText } from './send-texts.ts';

/** A failed send as the composer shows it; missing mail settings link to /email/config. */
export const sendFailure = (error: unknown, fallback?: string): ReactNode => {
  const text = sendFailureText(error, fallback);
  if (!needsMailSettings(error)) return text;
  return (
    <>
      {text}{' '}
      <Anchor component={Link} to="/email/config" size="sm" fw={600}>
        Open mail settings
      </Anchor>
    </>
  );
};
