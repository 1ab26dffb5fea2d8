// Every documented route, called as an Admin with hostile input: ids that are not ids or
// belong to nobody, every body field of the wrong type or absurd size, junk query values.
// None may answer 5xx: bad input is the caller's fault and gets a 4xx with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { meetingPayload } from './calendar-fixtures.ts';
import { campaignPayload } from './campaigns-support.ts';
import { adminOf, clientPayload, createLead, leadPayload } from './fixtures.ts';
import { multipart } from './upload.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

// Routes that would reach out to the mail servers named in their body (never anything but
// loopback in a test); their bad input is covered by the email configuration tests.
const SKIPPED = new Set(['POST /api/email/config', 'PUT /api/email/config']);

const HUGE = 'x'.repeat(200_000);
const ODD_IDS = [
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  '1e3',
  encodeURIComponent("'; DROP TABLE leads; --"),
  'x'.repeat(3000),
];
/** Values no field expects: each body field gets each of them in turn. */
const ODD_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  2 ** 53 + 1,
  true,
  '',
  HUGE,
  '2026-02-31',
  'not-an-email',
  'nul\u0000inside',
  [],
  Array.from({ length: 5000 }, (_, i) => i),
  {},
  { $ne: null },
  [[[[[[[[['deep']]]]]]]]],
];
const ODD_QUERIES = [
  'page=-1&limit=0',
  'page=1e9&limit=99999',
  'page=abc&limit=abc',
  `search=${'%25'.repeat(2000)}`,
  'from=2026-13-45&to=yesterday',
  'from=2026-01-01&to=1900-01-01',
  'date=2026-02-30',
  'sort=;drop&status=Nope&source=Nope&industry=' + 'x'.repeat(5000),
  'limit=10&limit=20&page[]=1',
  'state=queued&step=-5',
  'search=%00&status=%00',
];

/** Odd uploads: garbage, empty, traversal and NUL names, the wrong field, broken multipart. */
const ODD_UPLOADS = () => [
  multipart('leads.xlsx', Buffer.from('PK\u0003\u0004 not really a zip')),
  multipart('leads.xls', Buffer.alloc(4096, 0xff)),
  multipart('leads.csv', ''),
  multipart('../../etc/passwd.csv', 'Email\nx@y.test\n'),
  multipart('nul\u0000name.csv', 'Email\nx@y.test\n'),
  multipart(`${'x'.repeat(5000)}.csv`, 'Email\nx@y.test\n'),
  multipart('leads.csv', 'Email\nx@y.test\n', 'notTheFileField'),
  multipart('leads.exe', 'MZ'),
  {
    payload: '--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nx',
    headers: { 'content-type': 'multipart/form-data; boundary=other' },
  },
  { payload: 'Email\nx@y.test\n', headers: { 'content-type': 'text/csv' } },
];

let t: TestContext;
let token: string;
let operations: { method: Method; path: string; operation: Operation }[] = [];
let leadId: string;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await adminOf(t, 'hostile-org');
  token = admin.token;
  leadId = (await createLead(t, token))._id;
  const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json().paths as Record<string, Record<string, Operation>>;
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operation,
    })),
  );
}, 60_000);
afterAll(() => t.close());

/** Valid bodies of the main create and edit routes: their fields are made odd one at a time. */
const VALID_BODIES: Record<string, object> = {
  '/api/leads': leadPayload({ personEmail: 'hostile@lead.test' }),
  '/api/leads/{id}': leadPayload({ personEmail: 'hostile-edit@lead.test' }),
  '/api/clients': clientPayload({ email: 'hostile@client.test' }),
  '/api/clients/{id}': clientPayload({ email: 'hostile-edit@client.test' }),
  '/api/campaigns': campaignPayload(),
  '/api/campaigns/{id}': campaignPayload(),
  '/api/calendar': meetingPayload({ attendees: [] }),
  '/api/calendar/{id}': meetingPayload({ attendees: [] }),
};

/** Bodies of the route's own shape, one field at a time replaced by each odd value. */
const oddBodies = (path: string, operation: Operation): unknown[] => {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const fields = Object.keys(schema?.properties ?? {});
  const base = VALID_BODIES[path] ?? {};
  const bodies: unknown[] = ['not json at all', [], 42, ...ODD_VALUES.slice(0, 4)];
  for (const field of fields)
    for (const value of ODD_VALUES) bodies.push({ ...base, [field]: value });
  // Every field odd at once, and a field the route does not know of.
  bodies.push(Object.fromEntries(fields.map((field) => [field, HUGE])));
  bodies.push({ unknownField: HUGE, ['__proto__']: { admin: true } });
  return bodies;
};

const withIds = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

describe('hostile input', () => {
  it('never answers 5xx, on any documented route', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let calls = 0;
    let bearer = token;
    const call = async (method: Method, url: string, payload?: unknown) => {
      const sent = () => JSON.stringify(payload)?.slice(0, 120) ?? '';
      const response = await t
        .request({
          method,
          url,
          token: bearer,
          ...(payload === undefined
            ? {}
            : typeof payload === 'string'
              ? { payload, headers: { 'content-type': 'application/json' } }
              : { payload: payload as object }),
        })
        .catch((error: Error) => error);
      calls += 1;
      if (response instanceof Error) {
        failures.push(`${method} ${url.slice(0, 120)} ${sent()} -> ${response.message}`);
      } else if (response.statusCode >= 500) {
        failures.push(`${method} ${url.slice(0, 120)} ${sent()} -> ${response.statusCode}`);
      } else if (response.statusCode >= 400) {
        // A refusal says why.
        const body = response.body ? (response.json() as { message?: unknown }) : {};
        if (typeof body.message !== 'string' || !body.message)
          failures.push(
            `${method} ${url.slice(0, 120)} -> ${response.statusCode} without a message`,
          );
      }
    };
    // As an organisation's Admin (every permission), then as the Super Admin (no organisation).
    for (bearer of [token, await t.rootToken()])
      for (const { method, path, operation } of operations) {
        if (SKIPPED.has(`${method} ${path}`) || !path.startsWith('/api/')) continue;
        const hasBody = Boolean(operation.requestBody) || ['POST', 'PUT', 'PATCH'].includes(method);
        // A real lead's id (never deleted): lead routes reach their record, others answer 404.
        const realId = method === 'DELETE' ? ODD_IDS[1]! : leadId;
        // Ids first: odd ones, then the lead's where another kind of record is expected.
        for (const id of [...ODD_IDS, realId]) {
          if (!path.includes('{') && id !== ODD_IDS[0]) continue;
          await call(method, withIds(path, id), hasBody ? {} : undefined);
        }
        const url = withIds(path, realId);
        if (hasBody) for (const body of oddBodies(path, operation)) await call(method, url, body);
        for (const query of ODD_QUERIES)
          await call(method, `${url}?${query}`, hasBody ? {} : undefined);
      }
    // Uploads: odd files and odd multipart bodies to every route that reads multipart (and
    // the one-click unsubscribe POST, which mail clients may send as multipart).
    bearer = token;
    const uploads = [
      ...operations.filter(
        ({ method, path }) =>
          path.endsWith('/upload') || `${method} ${path}` === 'POST /api/email/send',
      ),
      { method: 'POST' as const, path: '/unsubscribe/not-a-token' },
    ];
    expect(uploads.length).toBeGreaterThan(3);
    for (const { method, path } of uploads)
      for (const body of ODD_UPLOADS()) {
        const response = await t
          .request({ method, url: path, token, ...body })
          .catch((error: Error) => error);
        calls += 1;
        const status = response instanceof Error ? response.message : response.statusCode;
        if (typeof status !== 'number' || status >= 500)
          failures.push(`${method} ${path} ${String(body.payload).slice(0, 80)} -> ${status}`);
      }
    expect(calls).toBeGreaterThan(4000);
    expect(failures).toEqual([]);
  }, 600_000);
});
