/**
 * `text` without U+0000, which PostgreSQL text cannot hold: for text from outside a request
 * (spreadsheet cells, email headers and bodies) that is stored or searched for.
 */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '');

export const NUL_REFUSED = 'Text cannot contain a null character (\\u0000).';

/** Whether any string (or key) within `value` holds U+0000. Iterative: a body may nest deep. */
export const holdsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

/** `n` and the noun in the right number: '1 lead', '3 leads'. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;
