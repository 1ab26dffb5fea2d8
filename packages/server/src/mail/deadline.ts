import { MailDeadlineError } from './errors.ts';
import type { MailDeadlineStep } from './errors.ts';

/**
 * Runs `work` with an AbortSignal that aborts after `ms`: then `expire` runs (it destroys the
 * connection) and MailDeadlineError is thrown, whatever `work` is still waiting for. Its own
 * failure, which the destroyed connection brings about, is ignored: the deadline has answered.
 */
export const withMailDeadline = async <T>(
  deadline: { protocol: 'SMTP' | 'IMAP'; step: MailDeadlineStep; ms: number },
  expire: () => void,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new MailDeadlineError(deadline.protocol, deadline.step, deadline.ms));
      controller.abort();
      expire();
    }, deadline.ms);
  });
  const running = work(controller.signal);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
};
