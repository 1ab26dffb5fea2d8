import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../src/db/tables/campaigns.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { campaignPayload, createCampaign, getCampaign, sendCampaign } from './campaigns-support.ts';
import { adminOf } from './fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-drafts');
  globex = await adminOf(t, 'globex-drafts');
});
afterAll(() => t?.close());

const saveDraft = (token: string, payload: object, id?: string) =>
  t.request({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/campaigns/${id}/draft` : '/api/campaigns/drafts',
    token,
    payload,
  });

describe('campaign drafts', () => {
  it('keeps an unfinished email campaign as a draft; sending it names what is missing', async () => {
    const created = await saveDraft(acme.token, { name: 'Half written', emailSubject: '' });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect(created.json()).toMatchObject({ name: 'Half written', status: 'draft' });

    const send = await sendCampaign(t, acme.token, id);
    expect(send.statusCode).toBe(400);
    expect(send.json().message).toBe('Email subject is required before the campaign is sent');

    const updated = await saveDraft(
      acme.token,
      { name: 'Half written', emailSubject: 'Hello {{firstName}}', emailBody: '' },
      id,
    );
    expect(updated.statusCode).toBe(200);
    expect((await sendCampaign(t, acme.token, id)).json().message).toBe(
      'Email body is required before the campaign is sent',
    );
    const stored = await getCampaign(t, acme.token, id);
    expect(stored).toMatchObject({ status: 'draft', emailSubject: 'Hello {{firstName}}' });
  });

  it('still refuses a draft without a name, and a finished save without content', async () => {
    const noName = await saveDraft(acme.token, { name: '' });
    expect(noName.statusCode).toBe(400);
    const strict = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: acme.token,
      payload: campaignPayload({ emailSubject: '' }),
    });
    expect(strict.statusCode).toBe(400);
  });

  it('saves as a draft only a draft, and only in the caller’s organisation', async () => {
    const campaign = await createCampaign(t, acme.token, { name: 'Sent one' });
    const id = campaign._id;
    expect((await saveDraft(globex.token, { name: 'Taken' }, id)).statusCode).toBe(404);
    await t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
    const active = await saveDraft(acme.token, { name: 'Sent one' }, id);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('Only a draft campaign can be saved as a draft');
  });
});
