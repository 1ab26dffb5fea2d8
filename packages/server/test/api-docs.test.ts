// /api/docs documents what the main routes answer (their response schemas), and path ids as
// UUIDs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';

type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  responses?: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestContext;
let document: Document;

beforeAll(async () => {
  t = await createTestContext();
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** The JSON schema documented for one route's answer with `status`. */
const answerOf = (method: string, path: string, status: string): Schema | undefined =>
  document.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;

/** The keys of an object answer (or of each item of a list answer). */
const keysOf = (schema: Schema | undefined): string[] =>
  Object.keys((schema?.type === 'array' ? schema.items : schema)?.properties ?? {});

const LEAD_KEYS = ['_id', 'companyName', 'personEmail', 'status', 'createdAt', 'repliedAt'];
const CLIENT_KEYS = ['_id', 'companyName', 'email', 'pic', 'createdAt'];
const CAMPAIGN_KEYS = ['_id', 'name', 'type', 'status', 'schedule', 'leadCount', 'createdBy'];
const MEETING_KEYS = ['_id', 'topic', 'start', 'end', 'attendees', 'invitations', 'organizer'];
const USER_KEYS = ['_id', 'email', 'role', 'permissions', 'status', 'mustChangePassword'];

describe('GET /api/docs/json', () => {
  it('lists the answers of the leads routes', () => {
    expect(keysOf(answerOf('get', '/api/leads', '200'))).toEqual(
      expect.arrayContaining(['leads', 'total', 'totalCapped', 'hasMore', 'page', 'limit']),
    );
    expect(keysOf(answerOf('get', '/api/leads', '200')?.properties?.leads)).toEqual(
      expect.arrayContaining(LEAD_KEYS),
    );
    expect(keysOf(answerOf('post', '/api/leads', '201'))).toEqual(
      expect.arrayContaining(LEAD_KEYS),
    );
    for (const method of ['get', 'put'])
      expect(keysOf(answerOf(method, '/api/leads/{id}', '200'))).toEqual(
        expect.arrayContaining(LEAD_KEYS),
      );
    expect(keysOf(answerOf('delete', '/api/leads/{id}', '200'))).toEqual(['message']);
  });

  it('lists the answers of the clients routes', () => {
    expect(keysOf(answerOf('get', '/api/clients', '200'))).toEqual(
      expect.arrayContaining(['clients', 'total', 'page', 'limit', 'categories']),
    );
    expect(keysOf(answerOf('post', '/api/clients', '201'))).toEqual(
      expect.arrayContaining(CLIENT_KEYS),
    );
    expect(keysOf(answerOf('get', '/api/clients/{id}', '200'))).toEqual(
      expect.arrayContaining(CLIENT_KEYS),
    );
  });

  it('lists the answers of the campaigns routes', () => {
    const list = answerOf('get', '/api/campaigns', '200');
    expect(list?.anyOf?.length).toBe(2);
    expect(keysOf(list?.anyOf?.[0])).toEqual(expect.arrayContaining(CAMPAIGN_KEYS));
    expect(keysOf(answerOf('post', '/api/campaigns', '201'))).toEqual(
      expect.arrayContaining(CAMPAIGN_KEYS),
    );
    expect(keysOf(answerOf('get', '/api/campaigns/{id}', '200'))).toEqual(
      expect.arrayContaining([...CAMPAIGN_KEYS, 'leads', 'counts', 'steps', 'nextSendAt']),
    );
    expect(keysOf(answerOf('post', '/api/campaigns/{id}/send', '200'))).toEqual([
      'message',
      'campaign',
    ]);
  });

  it('lists the answers of the calendar routes', () => {
    expect(keysOf(answerOf('get', '/api/calendar', '200'))).toEqual(
      expect.arrayContaining(MEETING_KEYS),
    );
    expect(keysOf(answerOf('get', '/api/calendar/{id}', '200'))).toEqual(
      expect.arrayContaining(MEETING_KEYS),
    );
    expect(keysOf(answerOf('post', '/api/calendar', '201'))).toEqual(
      expect.arrayContaining(['topic', 'meeting', 'invitationsSent', 'notice']),
    );
    expect(keysOf(answerOf('delete', '/api/calendar/{id}', '200'))).toEqual(
      expect.arrayContaining(['message', 'invitationsSent']),
    );
  });

  it('lists the answers of the users routes', () => {
    expect(keysOf(answerOf('get', '/api/auth/pending', '200'))).toEqual(
      expect.arrayContaining(USER_KEYS),
    );
    const team = answerOf('get', '/api/users', '200');
    expect(team?.anyOf?.map(keysOf)).toEqual([
      ['superAdmins', 'organizations'],
      ['admin', 'users'],
    ]);
    expect(keysOf(answerOf('put', '/api/users/{id}/role', '200'))).toEqual(['message', 'user']);
    expect(keysOf(answerOf('post', '/api/users/{id}/reset-password', '200'))).toEqual([
      'message',
      'temporaryPassword',
      'user',
      // Issue 24: an administrator's reset revokes the user's API keys and lists them.
      'revokedApiKeys',
    ]);
  });

  it('lists the answers of the bulk email routes, resume included', () => {
    const JOB_KEYS = ['jobId', 'status', 'total', 'sent', 'processed', 'message', 'finishedAt'];
    expect(keysOf(answerOf('get', '/api/email/bulk/{jobId}', '200'))).toEqual(
      expect.arrayContaining(JOB_KEYS),
    );
    expect(keysOf(answerOf('get', '/api/email/bulk', '200')?.properties?.jobs)).toEqual(
      expect.arrayContaining(JOB_KEYS),
    );
    expect(keysOf(answerOf('post', '/api/email/bulk', '202'))).toEqual([
      'message',
      'jobId',
      'total',
    ]);
    for (const action of ['stop', 'resume'])
      expect(keysOf(answerOf('post', `/api/email/bulk/{jobId}/${action}`, '200'))).toEqual([
        'message',
        'job',
      ]);
  });

  it('documents path ids as UUIDs', () => {
    for (const [method, path] of [
      ['get', '/api/leads/{id}'],
      ['get', '/api/clients/{id}'],
      ['get', '/api/campaigns/{id}'],
      ['get', '/api/calendar/{id}'],
      ['put', '/api/users/{id}/role'],
      ['post', '/api/email/bulk/{jobId}/resume'],
    ] as const) {
      const id = document.paths[path]?.[method]?.parameters?.find((p) => p.in === 'path');
      expect(id?.schema?.format, `${method} ${path}`).toBe('uuid');
    }
  });
});
