import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.ts';

describe('loggedUrl', () => {
  it('keeps the path and drops the query', () => {
    expect(loggedUrl('/api/leads')).toBe('/api/leads');
    expect(loggedUrl('/api/leads?search=ada%40acme.test')).toBe('/api/leads?[query not logged]');
    expect(loggedUrl('/reset-password?token=abc')).toBe('/reset-password?[query not logged]');
  });

  it('hides the token of an unsubscribe link', () => {
    expect(loggedUrl('/unsubscribe/secret-token')).toBe('/unsubscribe/[redacted]');
    expect(loggedUrl('/unsubscribe/secret-token?one-click=1')).toBe('/unsubscribe/[redacted]');
  });
});
