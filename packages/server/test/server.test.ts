import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { BODY_LIMIT } from '../src/app.ts';
import { registerGuard } from '../src/plugins/guard.ts';
import { NUL_REFUSED } from '../src/lib/text.ts';
import { API_POLICY } from '../src/plugins/security-headers.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, countLeads, createLead } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** POST /api/auth/signin of a raw body of that content type. */
const signinWith = (payload: string, contentType = 'application/json') =>
  t.request({
    method: 'POST',
    url: '/api/auth/signin',
    payload,
    headers: { 'content-type': contentType },
  });

describe('server', () => {
  it('answers the health check', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('logs a request by its path: no query, no token of a link', async () => {
    const { token } = await adminOf(t, 'acme-logs');
    await t.request({ method: 'GET', url: '/reset-password?token=resetsecret123', token });
    await t.request({ method: 'GET', url: '/api/leads?search=ada-private-search', token });
    await t.request({ method: 'GET', url: '/unsubscribe/unsubscribesecret456' });
    const logged = t.logs.join('');
    expect(logged).toContain('/api/leads?[query not logged]');
    expect(logged).toContain('/unsubscribe/[redacted]');
    for (const secret of ['resetsecret123', 'ada-private-search', 'unsubscribesecret456', token])
      expect(logged).not.toContain(secret);
  });

  it('documents the bearer token and the X-Organization header in the OpenAPI description', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.info.description).toContain('X-Organization');
    expect(document.components.parameters.organization.in).toBe('header');
    expect(Object.keys(document.paths)).toContain('/api/auth/sessions');
  });

  it('sends security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    // An API answer is never a document that loads anything; a page gets the page policy.
    expect(response.headers['content-security-policy']).toBe(API_POLICY);
    const page = await t.request({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const docs = await t.request({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
    // HTTPS-only headers (HSTS) are covered in web-http.test.ts: not over plain HTTP.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('describes every route in OpenAPI at /api/docs', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/signin',
        '/api/auth/signup',
        '/api/users/{id}/permissions',
      ]),
    );
    expect((await t.request({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API routes, malformed JSON and oversized bodies with a 4xx message', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
    const malformed = await signinWith('{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.any(String));
    const huge = await signinWith(
      JSON.stringify({ email: 'x'.repeat(BODY_LIMIT + 10), password: 'x' }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    const wrongType = await signinWith('email=x', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);
  });

  it('answers 401 to a request without a token before looking at its body', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/not-an-id/permissions',
      payload: { permissions: 'garbage' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a NUL character in a path, query or JSON body with a 400, changing nothing', async () => {
    const { token, organizationId } = await adminOf(t, 'nul-org');
    const lead = await createLead(t, token);
    const before = await countLeads(t.database.db, organizationId);
    const attempts = [
      { method: 'POST' as const, url: '/api/leads', payload: { companyName: 'A\u0000B' } },
      { method: 'PUT' as const, url: `/api/leads/${lead._id}`, payload: { subject: 'x\u0000' } },
      { method: 'POST' as const, url: '/api/clients', payload: { 'key\u0000': 'value' } },
      { method: 'GET' as const, url: '/api/leads?search=a%00b' },
      { method: 'GET' as const, url: '/api/leads/a%00b' },
      { method: 'POST' as const, url: '/api/leads', payload: { deep: [[[{ a: ['\u0000'] }]]] } },
    ];
    for (const attempt of attempts) {
      const response = await t.request({ ...attempt, token });
      expect(response.statusCode, attempt.url).toBe(400);
      expect(response.json().message).toBe(NUL_REFUSED);
    }
    expect(await countLeads(t.database.db, organizationId)).toBe(before);
    const unchanged = await t.request({ method: 'GET', url: `/api/leads/${lead._id}`, token });
    expect(unchanged.json().subject).toBe(lead.subject);
  });

  it('refuses to start with a route that declares no access rule', async () => {
    const bare = Fastify({ logger: false });
    const noCaller = () => Promise.reject(new Error('no caller in this test'));
    registerGuard(bare, { authenticate: noCaller, actingUser: noCaller });
    expect(() => bare.get('/api/unguarded', async () => 'open')).toThrow(
      'Route GET /api/unguarded declares no access rule',
    );
    await bare.close();
  });
});
