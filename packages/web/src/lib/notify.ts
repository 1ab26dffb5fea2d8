import { notifications } from '@mantine/notifications';
import { isSessionExpired } from './api-client.ts';
import { splitEmoji } from './emoji.tsx';

/** A toast; a leading emoji becomes the toast's icon (see emoji.tsx). */
const show = (options: { id?: string; color: string; message: string; autoClose: number }) => {
  const { text, icon } = splitEmoji(options.message);
  notifications.show({ ...options, message: text, ...(icon ? { icon } : {}) });
};

export const notifySuccess = (message: string): void => {
  show({ color: 'green', message, autoClose: 5000 });
};

/** Done, but with something the user should know (e.g. a copy that could not be kept). */
export const notifyWarning = (message: string): void => {
  show({ color: 'yellow', message, autoClose: 10000 });
};

/** An error toast; nothing when the error already ended the session (that has its own toast). */
export const notifyError = (message: string, error?: unknown): void => {
  if (error !== undefined && isSessionExpired(error)) return;
  show({ color: 'red', message, autoClose: 7000 });
};

export const notifySessionExpired = (message: string): void => {
  show({ id: 'session-expired', color: 'yellow', message, autoClose: 7000 });
};
