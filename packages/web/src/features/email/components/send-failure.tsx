import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { splitEmoji } from '../../../lib/emoji.tsx';
import { needsMailSettings, sendFailureText } from './send-texts.ts';

/** A failed send as the composer shows it; missing mail settings link to /email/config. */
export const sendFailure = (error: unknown, fallback?: string): ReactNode => {
  const { text, icon } = splitEmoji(sendFailureText(error, fallback), 16);
  const words = icon ? (
    <>
      <span style={{ verticalAlign: '-3px', marginRight: 4 }}>{icon}</span>
      {text}
    </>
  ) : (
    text
  );
  if (!needsMailSettings(error)) return words;
  return (
    <>
      {words}{' '}
      <Anchor component={Link} to="/email/config" size="sm" fw={600}>
        Open mail settings
      </Anchor>
    </>
  );
};
