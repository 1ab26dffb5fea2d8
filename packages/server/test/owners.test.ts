import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGN_NEEDS_PERMISSION,
  LEAD_FIELDS,
  OWNER_INVALID,
  OWN_LEADS_ONLY,
} from '@leadline/shared/leads';
import { CURRENCY_INVALID, SUCCESSOR_INVALID } from '@leadline/shared/organization';
import type { PublicUser } from '@leadline/shared/auth';
import type { TestContext } from './context.ts';
import { MISSING_ID, callAs, createLead, openTwoOrganisations } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import { multipartWithFields, waitForImport, xlsxFile } from './upload.ts';
import { EXPORT_HEADERS } from '../src/modules/leads/export.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
type Member = { user: PublicUser; token: string };
let rep: Member;
let rep2: Member;
let manager: Member;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Rita Rep' });
  rep2 = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Sam Rep' });
  manager = await t.createUser({
    role: 'Sales Manager',
    organizationName: 'acme',
    name: 'Mona Manager',
  });
});
afterAll(() => t.close());

const history = async (token: string, leadId: string) =>
  (await callAs(t, token, 'GET', `/api/leads/${leadId}/activity`)).json() as {
    action: string;
    details: string;
  }[];

const ownersOf = async (token: string, query: string) =>
  ((await callAs(t, token, 'GET', `/api/leads?limit=250${query}`)).json().leads as LeadBody[]).map(
    (lead) => lead.personEmail,
  );

describe('lead owners', () => {
  it('defaults to the creator, names the owner and records a change of owner', async () => {
    const lead = await createLead(t, rep.token, { personEmail: 'own@owners.test' });
    expect(lead).toMatchObject({
      ownerId: rep.user._id,
      owner: { id: rep.user._id, name: 'Rita Rep' },
    });
    const changed = await callAs(t, acme.token, 'PUT', `/api/leads/${lead._id}`, {
      ownerId: rep2.user._id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().owner).toEqual({ id: rep2.user._id, name: 'Sam Rep' });
    const entries = await history(acme.token, lead._id);
    expect(entries[0]).toMatchObject({
      action: 'owner changed',
      details: 'Owner of Lead Ada Lovelace (Acme) changed from Rita Rep to Sam Rep',
    });
    // Only the owner changed: no second "updated" entry.
    expect(entries.filter((entry) => entry.action === 'updated')).toHaveLength(0);
  });

  it('refuses an owner outside the organisation, unknown or not an id (400)', async () => {
    for (const ownerId of [globex.user._id, MISSING_ID, 'nobody']) {
      const created = await callAs(t, acme.token, 'POST', '/api/leads', {
        companyName: 'X',
        personFirstName: 'A',
        personLastName: 'B',
        personEmail: `bad-owner-${ownerId.slice(0, 4)}@owners.test`,
        source: 'Referral',
        ownerId,
      });
      expect(created.statusCode, ownerId).toBe(400);
      expect(created.json().message).toBe(OWNER_INVALID);
    }
    const lead = await createLead(t, acme.token, { personEmail: 'bad-edit@owners.test' });
    const edit = await callAs(t, acme.token, 'PUT', `/api/leads/${lead._id}`, {
      ownerId: globex.user._id,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(OWNER_INVALID);
  });

  it('filters by owner and by "me", in the list and the download', async () => {
    await createLead(t, rep2.token, { personEmail: 'filter-rep2@owners.test' });
    await createLead(t, manager.token, { personEmail: 'filter-manager@owners.test' });
    const mine = await ownersOf(rep2.token, '&owner=me');
    expect(mine).toContain('filter-rep2@owners.test');
    expect(mine).not.toContain('filter-manager@owners.test');
    expect(await ownersOf(acme.token, `&owner=${manager.user._id}`)).toEqual([
      'filter-manager@owners.test',
    ]);
    const bad = await callAs(t, acme.token, 'GET', '/api/leads?owner=someone');
    expect(bad.statusCode).toBe(400);
    const file = await callAs(
      t,
      acme.token,
      'GET',
      `/api/leads/download?owner=${manager.user._id}`,
    );
    const book = XLSX.read(file.rawPayload, { type: 'buffer', cellDates: true });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
    });
    expect(rows).toHaveLength(2);
    expect(rows[1]![EXPORT_HEADERS.indexOf('Owner')]).toBe(manager.user.email);
  });

  it('lists the organisation users for pickers, to anyone with the Leads page', async () => {
    const response = await callAs(t, rep.token, 'GET', '/api/leads/owners');
    expect(response.statusCode).toBe(200);
    const owners = response.json() as { id: string; email: string; active: boolean }[];
    expect(owners.map((owner) => owner.id)).toEqual(
      expect.arrayContaining([acme.user._id, rep.user._id, manager.user._id]),
    );
    expect(owners.map((owner) => owner.id)).not.toContain(globex.user._id);
    expect(owners[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      active: true,
    });
  });
});

describe('POST /api/leads/bulk-assign', () => {
  it('assigns the organisation leads, ignores others, writes each lead history', async () => {
    const a = await createLead(t, acme.token, { personEmail: 'bulk-a@owners.test' });
    const b = await createLead(t, rep.token, { personEmail: 'bulk-b@owners.test' });
    const foreign = await createLead(t, globex.token, { personEmail: 'bulk-g@owners.test' });
    const response = await callAs(t, manager.token, 'POST', '/api/leads/bulk-assign', {
      leadIds: [a._id, b._id, foreign._id, MISSING_ID],
      ownerId: rep2.user._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: '2 leads assigned to Sam Rep', updatedCount: 2 });
    expect((await history(acme.token, b._id))[0]?.details).toBe(
      'Owner of Lead Ada Lovelace (Acme) changed from Rita Rep to Sam Rep',
    );
    const untouched = await callAs(t, globex.token, 'GET', `/api/leads/${foreign._id}`);
    expect(untouched.json().ownerId).toBe(globex.user._id);
    // Already theirs: nothing changes.
    const again = await callAs(t, manager.token, 'POST', '/api/leads/bulk-assign', {
      leadIds: [a._id],
      ownerId: rep2.user._id,
    });
    expect(again.json().updatedCount).toBe(0);
  });

  it('answers bad input with a 400', async () => {
    const cases: [unknown, string][] = [
      [{ leadIds: [], ownerId: rep.user._id }, 'No lead IDs provided for assignment'],
      [{ leadIds: ['x'], ownerId: rep.user._id }, 'Invalid lead ID'],
      [{ leadIds: [MISSING_ID] }, OWNER_INVALID],
      [{ leadIds: [MISSING_ID], ownerId: globex.user._id }, OWNER_INVALID],
      [{ ownerId: rep.user._id }, 'No lead IDs provided for assignment'],
    ];
    for (const [payload, message] of cases) {
      const response = await callAs(
        t,
        acme.token,
        'POST',
        '/api/leads/bulk-assign',
        payload as object,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('Lead Management', () => {
  it('lets a user without it change only their own leads', async () => {
    const own = await createLead(t, rep.token, { personEmail: 'lm-own@owners.test' });
    const other = await createLead(t, acme.token, { personEmail: 'lm-other@owners.test' });
    // Seeing every lead is still allowed.
    expect((await callAs(t, rep.token, 'GET', `/api/leads/${other._id}`)).statusCode).toBe(200);
    const edit = { companyName: 'Renamed' };
    const status = { status: 'Hot Lead' };
    expect((await callAs(t, rep.token, 'PUT', `/api/leads/${own._id}`, edit)).statusCode).toBe(200);
    const statusPatch = await t.request({
      method: 'PATCH',
      url: `/api/leads/${own._id}/status`,
      token: rep.token,
      payload: status,
    });
    expect(statusPatch.statusCode).toBe(200);
    const refusals = [
      await callAs(t, rep.token, 'PUT', `/api/leads/${other._id}`, edit),
      await t.request({
        method: 'PATCH',
        url: `/api/leads/${other._id}/status`,
        token: rep.token,
        payload: status,
      }),
      await callAs(t, rep.token, 'DELETE', `/api/leads/${other._id}`),
      await callAs(t, rep.token, 'POST', '/api/leads/bulk-delete', {
        leadIds: [own._id, other._id],
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(OWN_LEADS_ONLY);
    }
    // Giving a lead to someone else, on create, edit or in bulk.
    const assigning = [
      await callAs(t, rep.token, 'PUT', `/api/leads/${own._id}`, { ownerId: rep2.user._id }),
      await callAs(t, rep.token, 'POST', '/api/leads', {
        companyName: 'X',
        personFirstName: 'A',
        personLastName: 'B',
        personEmail: 'lm-create@owners.test',
        source: 'Referral',
        ownerId: rep2.user._id,
      }),
      await callAs(t, rep.token, 'POST', '/api/leads/bulk-assign', {
        leadIds: [own._id],
        ownerId: rep2.user._id,
      }),
    ];
    for (const response of assigning) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ASSIGN_NEEDS_PERMISSION);
    }
    // Nothing of the refused writes happened.
    expect((await callAs(t, rep.token, 'GET', `/api/leads/${other._id}`)).json().companyName).toBe(
      'Acme',
    );
    expect((await callAs(t, rep.token, 'GET', `/api/leads/${own._id}`)).json().ownerId).toBe(
      rep.user._id,
    );
    // Their own leads, deleted in bulk or one by one: allowed.
    const bulk = await callAs(t, rep.token, 'POST', '/api/leads/bulk-delete', {
      leadIds: [own._id],
    });
    expect(bulk.json().deletedCount).toBe(1);
  });

  it('lets a Sales Manager (who holds it by default) change and assign anyone lead', async () => {
    const other = await createLead(t, rep.token, { personEmail: 'lm-manager@owners.test' });
    const edit = await callAs(t, manager.token, 'PUT', `/api/leads/${other._id}`, {
      companyName: 'Managed',
      ownerId: manager.user._id,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ companyName: 'Managed', ownerId: manager.user._id });
    const entries = (await history(acme.token, other._id)).map((entry) => entry.action);
    expect(entries.slice(0, 2).sort()).toEqual(['owner changed', 'updated']);
  });
});

describe('imports and owners', () => {
  const upload = async (token: string, rows: unknown[][], fields: Record<string, string> = {}) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/leads/upload',
      token,
      ...multipartWithFields('owners.xlsx', xlsxFile(rows), fields),
    });
    return response;
  };
  const header = ['Company Name', 'First Name', 'Last Name', 'Email', 'Source', 'Owner'];

  it('reads the Owner column by email; an unknown email is a warning and the default owner', async () => {
    const response = await upload(acme.token, [
      header,
      ['Co', 'A', 'One', 'imp-1@owners.test', 'Event', rep.user.email.toUpperCase()],
      ['Co', 'A', 'Two', 'imp-2@owners.test', 'Event', 'stranger@nowhere.test'],
      ['Co', 'A', 'Three', 'imp-3@owners.test', 'Event', ''],
      ['Co', 'A', 'Four', 'imp-4@owners.test', 'Event', globex.user.email],
    ]);
    expect(response.statusCode, response.body).toBe(202);
    const result = await waitForImport(t, acme.token, response.json().importId);
    // Issue 25: an export from elsewhere imports; its unknown owners become the importer.
    expect(result).toMatchObject({ status: 'completed', inserted: 4, errorCount: 0 });
    expect(result.warnings).toEqual([
      {
        row: 3,
        message:
          'Owner "stranger@nowhere.test" is not an active user of the organisation: given to the default owner',
      },
      {
        row: 5,
        message: `Owner "${globex.user.email}" is not an active user of the organisation: given to the default owner`,
      },
    ]);
    expect(await ownersOf(acme.token, `&owner=${rep.user._id}&search=imp-`)).toEqual([
      'imp-1@owners.test',
    ]);
    expect((await ownersOf(acme.token, `&owner=${acme.user._id}&search=imp-`)).sort()).toEqual([
      'imp-2@owners.test',
      'imp-3@owners.test',
      'imp-4@owners.test',
    ]);
  });

  it('spreads the inserted rows round-robin, in file order, skipping duplicates', async () => {
    await createLead(t, acme.token, { personEmail: 'rr-dup@owners.test' });
    const rows = [header.slice(0, 5)];
    for (const name of ['rr-1', 'rr-dup', 'rr-2', 'rr-3', 'rr-4', 'rr-5'])
      rows.push(['Co', 'R', name, `${name}@owners.test`, 'Event']);
    const response = await upload(acme.token, rows, {
      roundRobin: `${rep.user._id},${rep2.user._id}`,
    });
    expect(response.statusCode, response.body).toBe(202);
    const result = await waitForImport(t, acme.token, response.json().importId);
    expect(result).toMatchObject({ inserted: 5, duplicates: 1 });
    expect((await ownersOf(acme.token, `&owner=${rep.user._id}&search=rr-`)).sort()).toEqual([
      'rr-1@owners.test',
      'rr-3@owners.test',
      'rr-5@owners.test',
    ]);
    expect((await ownersOf(acme.token, `&owner=${rep2.user._id}&search=rr-`)).sort()).toEqual([
      'rr-2@owners.test',
      'rr-4@owners.test',
    ]);
  });

  it('refuses round-robin owners outside the organisation, and assigning without Lead Management', async () => {
    const rows = [header.slice(0, 5), ['Co', 'R', 'x', 'rr-x@owners.test', 'Event']];
    const foreign = await upload(acme.token, rows, { roundRobin: globex.user._id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(OWNER_INVALID);
    expect((await upload(acme.token, rows, { roundRobin: 'nope' })).statusCode).toBe(400);
    const byRep = await upload(rep.token, rows, { roundRobin: rep2.user._id });
    expect(byRep.statusCode).toBe(403);
    const ownerColumn = await upload(rep.token, [
      header,
      ['Co', 'R', 'x', 'rr-y@owners.test', 'Event', ''],
    ]);
    expect(ownerColumn.statusCode).toBe(403);
  });

  it('exports the owner, the deal value as a number and the close date as a date', async () => {
    await createLead(t, acme.token, {
      personEmail: 'export@owners.test',
      dealValue: '12,500.50',
      expectedCloseDate: '2027-03-01',
      phone: '+1 (555) 010-2030',
      ownerId: manager.user._id,
    });
    const file = await callAs(t, acme.token, 'GET', '/api/leads/download?search=export%40owners');
    const book = XLSX.read(file.rawPayload, { type: 'buffer', cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(EXPORT_HEADERS);
    const cellOf = (header: string) =>
      sheet[XLSX.utils.encode_cell({ r: 1, c: EXPORT_HEADERS.indexOf(header) })] as XLSX.CellObject;
    expect(cellOf(LEAD_FIELDS.dealValue)).toMatchObject({ t: 'n', v: 12500.5 });
    expect(cellOf(LEAD_FIELDS.expectedCloseDate).t).toBe('d');
    expect((cellOf(LEAD_FIELDS.expectedCloseDate).v as Date).toISOString().slice(0, 10)).toBe(
      '2027-03-01',
    );
    expect(cellOf(LEAD_FIELDS.phone).v).toBe('+1 (555) 010-2030');
    expect(cellOf('Owner').v).toBe(manager.user.email);
  });
});

describe('deleting a user hands their leads over', () => {
  it('moves the leads to the chosen successor, with history entries', async () => {
    const leaving = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      name: 'Lea Leaving',
    });
    const lead = await createLead(t, leaving.token, { personEmail: 'leaving@owners.test' });
    const refused = [
      [globex.user._id, 400],
      [leaving.user._id, 400],
      ['x', 400],
    ] as const;
    for (const [successorId, status] of refused) {
      const response = await callAs(
        t,
        acme.token,
        'DELETE',
        `/api/users/${leaving.user._id}?successorId=${successorId}`,
      );
      expect(response.statusCode, successorId).toBe(status);
    }
    expect(
      (
        await callAs(
          t,
          acme.token,
          'DELETE',
          `/api/users/${leaving.user._id}?successorId=${globex.user._id}`,
        )
      ).json().message,
    ).toBe(SUCCESSOR_INVALID);
    // Another organisation's Admin, or a rep, cannot delete them.
    expect(
      (await callAs(t, globex.token, 'DELETE', `/api/users/${leaving.user._id}`)).statusCode,
    ).toBe(404);
    expect(
      (await callAs(t, rep.token, 'DELETE', `/api/users/${leaving.user._id}`)).statusCode,
    ).toBe(403);
    const response = await callAs(
      t,
      acme.token,
      'DELETE',
      `/api/users/${leaving.user._id}?successorId=${rep2.user._id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('User deleted; their leads went to Sam Rep');
    const moved = await callAs(t, acme.token, 'GET', `/api/leads/${lead._id}`);
    expect(moved.json().owner).toEqual({ id: rep2.user._id, name: 'Sam Rep' });
    expect((await history(acme.token, lead._id))[0]?.details).toBe(
      'Owner of Lead Ada Lovelace (Acme) changed from Lea Leaving to Sam Rep',
    );
  });

  it('gives them to the first Admin when no successor is named', async () => {
    const leaving = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const lead = await createLead(t, leaving.token, { personEmail: 'leaving-2@owners.test' });
    const response = await callAs(t, acme.token, 'DELETE', `/api/users/${leaving.user._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const moved = await callAs(t, acme.token, 'GET', `/api/leads/${lead._id}`);
    expect(moved.json().ownerId).toBe(acme.user._id);
  });
});

describe('organisation settings', () => {
  it('lets everyone read the currency and only an Admin change it', async () => {
    const read = await callAs(t, rep.token, 'GET', '/api/organizations/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      organization: 'acme',
      currency: 'USD',
      tracking: false,
      requireTwoFactor: false,
    });
    const byRep = await callAs(t, rep.token, 'PUT', '/api/organizations/settings', {
      currency: 'EUR',
    });
    expect(byRep.statusCode).toBe(403);
    for (const currency of ['XYZ', '', 42]) {
      const bad = await callAs(t, acme.token, 'PUT', '/api/organizations/settings', { currency });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(CURRENCY_INVALID);
    }
    const saved = await callAs(t, acme.token, 'PUT', '/api/organizations/settings', {
      currency: 'EUR',
    });
    expect(saved.json()).toEqual({
      organization: 'acme',
      currency: 'EUR',
      tracking: false,
      requireTwoFactor: false,
    });
    expect(
      (await callAs(t, globex.token, 'GET', '/api/organizations/settings')).json().currency,
    ).toBe('USD');
    // A Super Admin working in the organisation may set it too.
    const root = await t.request({
      method: 'PUT',
      url: '/api/organizations/settings',
      token: await t.rootToken(),
      headers: { 'x-organization': 'globex' },
      payload: { currency: 'GBP' },
    });
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json().currency).toBe('GBP');
  });
});
