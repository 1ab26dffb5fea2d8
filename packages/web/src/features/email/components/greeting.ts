import { escapeHtml } from '@leadline/shared/email-html';

export type GreetingWord = 'Dear' | 'Hi';

/**
 * The message's opening line ('Dear {first name},' at start, 'Hi {first name},' after
 * a send or a reset), then an empty paragraph to write in. Nothing without a name.
 */
export const greetingHtml = (word: GreetingWord, firstName: string): string => {
  const name = firstName.trim();
  return name ? `<p>${word} ${escapeHtml(name)},</p><p></p>` : '<p></p>';
};
