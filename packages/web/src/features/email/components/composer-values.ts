import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_EMAIL_FONT,
  DEFAULT_EMAIL_PRIORITY,
  EMAIL_PRIORITIES,
  bulkEmailSchema,
  emailSendSchema,
} from '@leadline/shared/email';
import type { EmailFont, EmailPriority } from '@leadline/shared/email';

export type ComposerMode = 'single' | 'bulk';

/** The composer's fields as typed (the server parses them again). */
export type ComposerValues = {
  to: string;
  subject: string;
  body: string;
  priority: EmailPriority;
  cc: string;
  bcc: string;
  font: EmailFont;
  /** Track opens and clicks (sent only when the organisation's switch is on). */
  track: boolean;
};

export const COMPOSER_FIELDS = ['to', 'subject', 'body', 'priority', 'cc', 'bcc', 'font'] as const;

export const emptyComposer = (to: string, body: string): ComposerValues => ({
  to,
  subject: '',
  body,
  priority: DEFAULT_EMAIL_PRIORITY,
  cc: '',
  bcc: '',
  font: DEFAULT_EMAIL_FONT,
  track: true,
});

export const PRIORITY_OPTIONS = EMAIL_PRIORITIES.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

/**
 * The composer's checks through the shared schemas: one email, or a bulk run's subject, body
 * and font.
 * The values are handed over as typed (`raw`).
 */
const resolvers: Record<ComposerMode, Resolver<ComposerValues>> = {
  single: zodResolver(emailSendSchema.omit({ leadId: true }), undefined, {
    raw: true,
  }) as unknown as Resolver<ComposerValues>,
  bulk: zodResolver(bulkEmailSchema.pick({ subject: true, body: true, font: true }), undefined, {
    raw: true,
  }) as unknown as Resolver<ComposerValues>,
};

export const composerResolver = (mode: ComposerMode) => resolvers[mode];
