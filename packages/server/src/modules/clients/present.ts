import type { Client } from '@leadline/shared/clients';
import type { ClientRow } from './repo.ts';

/** A client as the API shows it (shared `Client`): string `_id`, ISO dates. */
export const toClient = (row: ClientRow, custom: Client['custom'] = {}): Client => ({
  _id: row.id,
  companyName: row.companyName,
  parentCompany: row.parentCompany,
  website: row.website,
  email: row.email,
  contact: row.contact,
  pic: row.pic,
  companyCategory: row.companyCategory,
  fullAddress: row.fullAddress,
  custom,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** How activity entries name a client: "Client Acme Corp". */
export const describeClient = (client: Pick<ClientRow, 'companyName'>): string =>
  `Client ${client.companyName}`;
