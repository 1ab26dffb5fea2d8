/** Organisation names are trimmed, lower-cased and their spaces turned into hyphens. */
export const normaliseOrganization = (name: string): string =>
  name.trim().toLowerCase().replace(/\s+/g, '-');

/** Upper-case initials of the words of a name ("Ada lovelace" -> "AL"). */
export const initials = (name: string, max = 2): string =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .slice(0, max)
    .join('');
