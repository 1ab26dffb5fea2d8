/** Polls `read` until `check` holds (generous timeouts: the machine is shared and slow). */
export const waitFor = async <T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    last = await read();
  }
  return last;
};
