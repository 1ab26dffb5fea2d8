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

/** The request header naming the organisation a Super Admin works in. */
export const ORGANIZATION_HEADER = 'X-Organization';

/**
 * The header's value as sent: percent-encoded, so that a name outside ASCII survives HTTP
 * (a header carries only ASCII reliably).
 */
export const encodeOrganizationHeader = (name: string): string => encodeURIComponent(name);

/** The name a header names: percent-decoded when it decodes cleanly, else as sent; normalised. */
export const decodeOrganizationHeader = (value: string): string => {
  let name = value;
  try {
    name = decodeURIComponent(value);
  } catch {
    // Not percent-encoding (a lone '%'): the name as sent.
  }
  return normaliseOrganization(name);
};

/** One organisation as GET /api/organizations lists it. */
export type OrganizationSummary = { _id: string; name: string; users: number };

/**
 * GET /api/organizations/getting-started: the first steps of the organisation the caller works
 * in (null when a Super Admin works in none), each true once done.
 */
export type GettingStarted = {
  organization: string | null;
  /** The caller's own mailbox (SMTP) is connected. */
  mailbox: boolean;
  /** The organisation has leads (imported or created). */
  leads: boolean;
  /** Someone besides the caller belongs to it (invited or approved). */
  teammate: boolean;
};
