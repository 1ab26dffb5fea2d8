import { LEAD_FIELDS } from '@leadline/shared/leads';

/** Header text reduced to letters and digits, lower-cased: "Person First-Name " -> "personfirstname". */
export const headerKey = (header: unknown): string =>
  String(header ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const LEAD_SYNONYMS: Record<string, keyof typeof LEAD_FIELDS> = {
  company: 'companyName',
  companyinfo: 'companyName',
  organization: 'companyName',
  organisation: 'companyName',
  firstname: 'personFirstName',
  lastname: 'personLastName',
  surname: 'personLastName',
  email: 'personEmail',
  emailaddress: 'personEmail',
  contactemail: 'personEmail',
  jobtitle: 'personDesignation',
  title: 'personDesignation',
  designation: 'personDesignation',
  website: 'companySite',
  companysite: 'companySite',
  linkedin: 'personLinkedin',
  city: 'personCity',
  state: 'personState',
  country: 'personCountry',
  source: 'source',
  leadsource: 'source',
  status: 'status',
  notes: 'subject',
  note: 'subject',
  size: 'size',
  companysize: 'size',
  profilelink: 'contactProfileLink',
};

const CLIENT_FIELDS = {
  companyName: 'Company Name',
  parentCompany: 'Parent Company',
  website: 'Website',
  email: 'Email',
  contact: 'Contact',
  companyCategory: 'Company Category',
  fullAddress: 'Full Address',
} as const;

const CLIENT_SYNONYMS: Record<string, keyof typeof CLIENT_FIELDS> = {
  company: 'companyName',
  contactperson: 'contact',
  category: 'companyCategory',
  address: 'fullAddress',
  emailaddress: 'email',
};

const spelledOut = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2');

const buildLookup = <F extends string>(
  labels: Record<F, string>,
  synonyms: Record<string, F>,
): Map<string, F> => {
  const lookup = new Map<string, F>(Object.entries(synonyms) as [string, F][]);
  for (const field of Object.keys(labels) as F[]) {
    lookup.set(headerKey(field), field);
    lookup.set(headerKey(spelledOut(field)), field);
    lookup.set(headerKey(labels[field]), field);
  }
  return lookup;
};

const LEAD_LOOKUP = buildLookup(LEAD_FIELDS, LEAD_SYNONYMS);
const CLIENT_LOOKUP = buildLookup(CLIENT_FIELDS, CLIENT_SYNONYMS);

export type ImportKind = 'leads' | 'clients';

/** Column index -> field for the headers that name a field; the first column naming a field wins. */
export const matchHeaders = (
  kind: ImportKind,
  headers: readonly unknown[],
): Map<number, string> => {
  const lookup: Map<string, string> = kind === 'leads' ? LEAD_LOOKUP : CLIENT_LOOKUP;
  const columns = new Map<number, string>();
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    const field = lookup.get(headerKey(header));
    if (field && !taken.has(field)) {
      columns.set(index, field);
      taken.add(field);
    }
  });
  return columns;
};

/** The fields a file must name for its rows to be importable. */
export const REQUIRED_COLUMNS: Record<ImportKind, readonly string[]> = {
  leads: ['companyName', 'personFirstName', 'personLastName', 'personEmail', 'source'],
  clients: ['companyName', 'email', 'contact', 'companyCategory'],
};

export const LABELS: Record<ImportKind, Record<string, string>> = {
  leads: LEAD_FIELDS,
  clients: CLIENT_FIELDS,
};
