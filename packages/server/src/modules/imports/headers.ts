import {
  CLIENT_IMPORT_FIELDS,
  IMPORT_FIELDS,
  LEAD_IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  headerKey,
} from '@leadline/shared/import-rows';
import type { ColumnMapping, ImportKind } from '@leadline/shared/import-rows';
import { customMappingName } from '@leadline/shared/import-custom';
import type { ImportCustomField } from '@leadline/shared/import-custom';

export { headerKey };
export type { ImportKind };

const LEAD_SYNONYMS: Record<string, keyof typeof LEAD_IMPORT_FIELDS> = {
  owneremail: 'owner',
  leadowner: 'owner',
  assignedto: 'owner',
  phonenumber: 'phone',
  mobile: 'phone',
  dealsize: 'dealValue',
  closedate: 'expectedCloseDate',
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
  profileurl: 'contactProfileLink',
  linkedinurl: 'personLinkedin',
  linkedinprofile: 'personLinkedin',
  givenname: 'personFirstName',
  familyname: 'personLastName',
  workemail: 'personEmail',
  leadstatus: 'status',
  employees: 'size',
  numberofemployees: 'size',
  first: 'personFirstName',
  firstnames: 'personFirstName',
  forename: 'personFirstName',
  given: 'personFirstName',
  last: 'personLastName',
  family: 'personLastName',
  position: 'personDesignation',
  role: 'personDesignation',
  jobrole: 'personDesignation',
  expclose: 'expectedCloseDate',
  expectedclose: 'expectedCloseDate',
  closingdate: 'expectedCloseDate',
  deal: 'dealValue',
  deals: 'dealValue',
  dealamount: 'dealValue',
  amount: 'dealValue',
  value: 'dealValue',
  dealvalue: 'dealValue',
  comments: 'subject',
  comment: 'subject',
  description: 'subject',
  tel: 'phone',
  telephone: 'phone',
  mobilephone: 'phone',
  cell: 'phone',
  url: 'companySite',
  web: 'companySite',
  websiteurl: 'companySite',
  linkedinprofileurl: 'personLinkedin',
};

const CLIENT_FIELDS = CLIENT_IMPORT_FIELDS;

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

const LEAD_LOOKUP = buildLookup(LEAD_IMPORT_FIELDS, LEAD_SYNONYMS);
const CLIENT_LOOKUP = buildLookup(CLIENT_FIELDS, CLIENT_SYNONYMS);

/** A custom field's label and key, as headers naming it: `custom.<key>` by each. */
const customLookup = (customFields: readonly ImportCustomField[]): Map<string, string> => {
  const lookup = new Map<string, string>();
  for (const field of customFields)
    for (const name of [field.label, field.key]) {
      const key = headerKey(name);
      if (key && !lookup.has(key)) lookup.set(key, customMappingName(field.key));
    }
  return lookup;
};

/**
 * Column index -> field for the headers that name a field; the first column naming a field
 * wins. A header naming no built-in field may name a custom field by its label or its key.
 */
export const matchHeaders = (
  kind: ImportKind,
  headers: readonly unknown[],
  customFields: readonly ImportCustomField[] = [],
): Map<number, string> => {
  const lookup: Map<string, string> = kind === 'leads' ? LEAD_LOOKUP : CLIENT_LOOKUP;
  const custom = customLookup(customFields);
  const columns = new Map<number, string>();
  const taken = new Set<string>();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    const builtIn = lookup.get(key);
    const field = builtIn && !taken.has(builtIn) ? builtIn : custom.get(key);
    if (field && !taken.has(field)) {
      columns.set(index, field);
      taken.add(field);
    }
  });
  return columns;
};

/** The fields a file must name for its rows to be importable. */
export const REQUIRED_COLUMNS = REQUIRED_IMPORT_FIELDS;

export const LABELS = IMPORT_FIELDS;

/** The automatic mapping as the mapping step shows it: one field or null per column. */
export const automaticMapping = (
  kind: ImportKind,
  headers: readonly unknown[],
  customFields: readonly ImportCustomField[] = [],
): ColumnMapping => {
  const columns = matchHeaders(kind, headers, customFields);
  return headers.map((_, index) => columns.get(index) ?? null);
};

/** A mapping as the reader uses it: column index -> field. */
export const columnsOf = (mapping: ColumnMapping): Map<number, string> => {
  const columns = new Map<number, string>();
  mapping.forEach((field, index) => {
    if (field) columns.set(index, field);
  });
  return columns;
};
