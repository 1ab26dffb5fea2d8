import { notifications } from '@mantine/notifications';
import { isSessionExpired } from './api-client.ts';

export const notifySuccess = (message: string): void => {
  notifications.show({ color: 'green', message, autoClose: 5000 });
};

/** An error toast; nothing when the error already ended the session (that has its own toast). */
export const notifyError = (message: string, error?: unknown): void => {
  if (error !== undefined && isSessionExpired(error)) return;
  notifications.show({ color: 'red', message, autoClose: 7000 });
};

export const notifySessionExpired = (message: string): void => {
  notifications.show({ id: 'session-expired', color: 'yellow', message, autoClose: 7000 });
};
