import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionKey } from '@leadline/shared/permissions';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';

describe('routes that serve several screens', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const sendAs = async (permissions: Partial<Record<PermissionKey, boolean>>) => {
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions,
    });
    return t.request({
      method: 'POST',
      url: '/api/email/send',
      token,
      payload: {
        to: 'someone@example.com',
        subject: 'Hello there',
        body: '<p>Hello, a short note for you.</p>',
      },
    });
  };

  it('lets holders of either permission send from /api/email/send', async () => {
    // Past the guard, the route answers that no mail server is configured.
    for (const permissions of [{ sendEmailPage: true }, { emailForm: true }]) {
      const response = await sendAs(permissions);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/No SMTP configuration found/);
    }
  });

  it('refuses a user with neither permission', async () => {
    const response = await sendAs({ dashboard: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/permission/);
  });
});
