import { CLIENT_CATEGORIES, clientPic } from '@leadline/shared/clients';
import {
  COMPANY_SIZES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  requiresProfileLink,
} from '@leadline/shared/leads';
import type { ClientSeedRow } from '../modules/clients/repo.ts';
import type { LeadSeedRow } from '../modules/leads/repo.ts';

/** Small, fixed word lists: the demo data is generated, never downloaded, and the same each run. */
// prettier-ignore
const FIRST_NAMES = [
  'Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger',
  'Radia', 'Tim', 'Katherine', 'John', 'Hedy', 'Donald', 'Sophie', 'Niklaus', 'Annie', 'Guido',
  'Joan', 'Bjarne', 'Evelyn', 'James', 'Karen', 'Leslie', 'Mary', 'Robert', 'Shafi', 'Vint',
];
// prettier-ignore
const LAST_NAMES = [
  'Lovelace', 'Turing', 'Hopper', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson',
  'Allen', 'Dijkstra', 'Perlman', 'Berners-Lee', 'Johnson', 'McCarthy', 'Lamarr', 'Knuth',
  'Wilson', 'Wirth', 'Easley', 'van Rossum', 'Clarke', 'Stroustrup', 'Berezin', 'Gosling',
  'Jones', 'Lamport', 'Keller', 'Kahn', 'Goldwasser', 'Cerf',
];
// prettier-ignore
const COMPANY_WORDS = [
  'Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Cyberdyne',
  'Soylent', 'Tyrell', 'Wonka', 'Gringotts', 'Oscorp', 'Aperture', 'Massive', 'Dunder',
  'Prestige', 'Monarch', 'Sirius', 'Blue Sun', 'Nakatomi', 'Pied Piper', 'Bluth',
];
const COMPANY_ENDINGS = ['Labs', 'Group', 'Systems', 'Partners', 'Works', 'Holdings', 'Digital'];
// prettier-ignore
const DESIGNATIONS = [
  'CEO', 'CTO', 'Head of Sales', 'Marketing Director', 'Operations Manager', 'Founder',
  'VP Engineering', 'Procurement Lead', 'Product Manager', 'IT Manager',
];
const PLACES: readonly [city: string, state: string, country: string][] = [
  ['Berlin', 'Berlin', 'Germany'],
  ['Munich', 'Bavaria', 'Germany'],
  ['London', 'England', 'United Kingdom'],
  ['Manchester', 'England', 'United Kingdom'],
  ['Paris', 'Ile-de-France', 'France'],
  ['New York', 'New York', 'United States'],
  ['Austin', 'Texas', 'United States'],
  ['San Francisco', 'California', 'United States'],
  ['Toronto', 'Ontario', 'Canada'],
  ['Sydney', 'New South Wales', 'Australia'],
  ['Bangalore', 'Karnataka', 'India'],
  ['Singapore', '', 'Singapore'],
  ['Sao Paulo', 'Sao Paulo', 'Brazil'],
  ['Amsterdam', 'North Holland', 'Netherlands'],
];
const NOTES = [
  '',
  'Met at the spring trade fair',
  'Interested in the annual plan',
  'Asked for a product demo next month',
  'Budget approved for Q3',
  'Prefers contact by email',
];
const DAY = 86_400_000;
/** The time between a demo lead's emails (its n-th email is sent n gaps after its creation). */
export const DEMO_EMAIL_GAP = 20 * 60_000;

/** A deterministic pseudo-random generator (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const SOURCE_WEIGHTS: Readonly<Record<(typeof LEAD_SOURCES)[number], number>> = {
  LinkedIn: 30,
  'Cold Email': 18,
  Website: 14,
  Referral: 10,
  Event: 7,
  Upwork: 6,
  Twitter: 5,
  Facebook: 3,
  Instagram: 3,
  Behance: 2,
  Other: 2,
};
const STATUS_WEIGHTS: Readonly<Record<(typeof LEAD_STATUSES)[number], number>> = {
  'Cold Lead': 52,
  'Warm Lead': 27,
  Qualified: 13,
  'Hot Lead': 8,
};

/** A value drawn by weight, `roll` in [0, 1). */
const weighted = <T extends string>(weights: Readonly<Record<T, number>>, roll: number): T => {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let left = roll * total;
  for (const [value, weight] of entries) {
    left -= weight;
    if (left < 0) return value;
  }
  return entries[entries.length - 1]![0];
};

/** A deal value for a lead of this status: most open deals have one, few cold leads do. */
const DEAL_CHANCE: Readonly<Record<(typeof LEAD_STATUSES)[number], [chance: number, max: number]>> =
  {
    'Cold Lead': [0.2, 10_000],
    'Warm Lead': [0.6, 30_000],
    'Hot Lead': [0.9, 60_000],
    Qualified: [1, 80_000],
  };

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * `count` leads spread over every source, status, industry, size and country, over 90 days,
 * each created by and belonging to one of `owners` (none: no owner), most open ones with a deal
 * value and an expected close date, most with a phone number (555-01xx: fictional numbers).
 */
export const demoLeads = (
  organizationId: string,
  owners: readonly string[],
  count: number,
  now = new Date(),
): LeadSeedRow[] => {
  const next = random(1);
  // Its own streams, so the names, companies and dates stay those of earlier demos.
  const draw = random(2);
  const extra = random(3);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const company = `${pick(COMPANY_WORDS)} ${pick(COMPANY_ENDINGS)}`;
    const domain = `${slug(company)}.example`;
    const [city, state, country] = PLACES[i % PLACES.length]!;
    // The first rows take every source and status once; the rest are drawn unevenly, as a
    // real pipeline is (mostly LinkedIn and cold email, few hot leads).
    const source = i < LEAD_SOURCES.length ? LEAD_SOURCES[i]! : weighted(SOURCE_WEIGHTS, draw());
    const status = i < LEAD_STATUSES.length ? LEAD_STATUSES[i]! : weighted(STATUS_WEIGHTS, draw());
    const createdAt = new Date(now.getTime() - Math.floor(next() * 90 * DAY));
    const drawn = next() < 0.25 ? 1 + Math.floor(next() * 3) : 0;
    // Its emails go out DEMO_EMAIL_GAP apart from its creation on, all before now; the demo
    // seed writes the emails themselves.
    const sentCount = createdAt.getTime() + drawn * DEMO_EMAIL_GAP < now.getTime() ? drawn : 0;
    const person = `${slug(first)}-${slug(last)}-${i}`;
    const owner = owners.length > 0 ? owners[Math.floor(extra() * owners.length)]! : null;
    const [chance, max] = DEAL_CHANCE[status];
    const dealValue =
      extra() < chance ? Math.max(5, Math.round((extra() * max) / 100)) * 100 : null;
    const age = now.getTime() - createdAt.getTime();
    return {
      organizationId,
      createdBy: owner,
      ownerId: owner,
      phone: extra() < 0.7 ? `+1 555 01${String(i % 100).padStart(2, '0')}` : '',
      dealValue,
      expectedCloseDate:
        dealValue === null ? null : isoDay(now.getTime() + (7 + Math.floor(extra() * 110)) * DAY),
      // In its status since a moment between its creation and now.
      statusChangedAt: new Date(createdAt.getTime() + Math.floor(extra() * age)),
      companyName: company,
      industry: INDUSTRIES[i % INDUSTRIES.length]!,
      size: COMPANY_SIZES[i % COMPANY_SIZES.length]!,
      companySite: `https://${domain}`,
      companyLinkedin: `https://linkedin.com/company/${slug(company)}`,
      personFirstName: first,
      personLastName: last,
      personEmail: `${person}@${domain}`,
      personDesignation: pick(DESIGNATIONS),
      personLinkedin: `https://linkedin.com/in/${person}`,
      personCity: city,
      personState: state,
      personCountry: country,
      source,
      status,
      contactProfileLink: requiresProfileLink(source)
        ? `https://${slug(source)}.com/${person}`
        : '',
      subject: pick(NOTES),
      mailSent: sentCount > 0,
      sentCount,
      mailSentDate:
        sentCount > 0 ? new Date(createdAt.getTime() + sentCount * DEMO_EMAIL_GAP) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
};

/** `count` clients over every category, with distinct emails. */
export const demoClients = (
  organizationId: string,
  createdBy: string | null,
  count: number,
  now = new Date(),
): ClientSeedRow[] => {
  const next = random(2);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const company = `${pick(COMPANY_WORDS)} ${pick(COMPANY_ENDINGS)} ${i + 1}`;
    const contact = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const [city, state, country] = pick(PLACES);
    const createdAt = new Date(now.getTime() - Math.floor(next() * 90 * DAY));
    return {
      organizationId,
      createdBy,
      companyName: company,
      parentCompany: next() < 0.4 ? `${pick(COMPANY_WORDS)} Holdings` : '',
      website: next() < 0.8 ? `https://${slug(company)}.example` : '',
      email: `contact-${i + 1}@${slug(company)}.example`,
      contact,
      pic: clientPic(contact),
      companyCategory: CLIENT_CATEGORIES[i % CLIENT_CATEGORIES.length]!,
      fullAddress: `${10 + (i % 90)} Market Street, ${[city, state, country].filter(Boolean).join(', ')}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
};
