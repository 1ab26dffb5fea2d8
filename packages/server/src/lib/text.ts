/**
 * `text` without U+0000, which PostgreSQL text cannot hold: for text from outside a request
 * (spreadsheet cells, email headers and bodies) that is stored or searched for.
 */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '');
