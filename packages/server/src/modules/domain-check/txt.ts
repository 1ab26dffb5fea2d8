/**
 * TXT record reading without regular expressions: a stranger's DNS writes these, so every
 * step is one linear pass.
 */

/** The records whose first word is `version` (case-insensitive, e.g. `v=spf1`). */
export const recordsOf = (records: string[], version: string): string[] =>
  records.filter((record) => {
    const head = record
      .trimStart()
      .slice(0, version.length + 1)
      .toLowerCase();
    return head === version || head === `${version} ` || head === `${version};`;
  });

/** The words of a record, split on spaces and tabs. */
export const wordsOf = (record: string): string[] =>
  record
    .split(' ')
    .flatMap((word) => word.split('\t'))
    .filter((word) => word !== '');

/** `tag=value` pairs separated by `;` (DMARC, DKIM), tags lower-cased. */
export const tagsOf = (record: string): Map<string, string> => {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
};

/** A record as shown to the user: long ones cut. */
export const shown = (record: string): string =>
  record.length > 2000 ? `${record.slice(0, 2000)}…` : record;
