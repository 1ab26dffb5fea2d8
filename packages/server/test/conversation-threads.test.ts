import { describe, expect, it } from 'vitest';
import { baseSubject, threadIdsOf } from '../src/modules/conversations/thread.ts';
import { addressesOf, companyDomainOf } from '../src/modules/replies/colleague.ts';

const message = (
  id: string,
  seconds: number,
  headers: Partial<Parameters<typeof threadIdsOf>[0][number]> = {},
) => ({
  id,
  messageId: `<${id}@mail.example>`,
  inReplyTo: null,
  references: '',
  subject: 'Shorter delivery routes',
  at: new Date(Date.UTC(2026, 10, 1, 9, 0, seconds)),
  ...headers,
});

describe('threads of a conversation', () => {
  it('follows In-Reply-To and References, else the subject, else starts a thread', () => {
    const threads = threadIdsOf([
      message('a', 0),
      message('b', 1, { subject: 'Your spring order' }),
      message('c', 2, { inReplyTo: '<a@mail.example>', subject: 'Re: Shorter delivery routes' }),
      message('d', 3, { references: '<a@mail.example> <c@mail.example>', subject: 'other words' }),
      message('e', 4, { subject: 'AW: Re: your SPRING order' }),
      message('f', 5, { subject: 'Invoice address' }),
    ]);
    expect([...threads.entries()]).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'a'],
      ['d', 'a'],
      ['e', 'b'],
      ['f', 'f'],
    ]);
  });

  it('reads hostile subjects and address lists in linear time', () => {
    const hostile = `${'Re: '.repeat(64 * 1024)}${'x'.repeat(1000)}`;
    const started = performance.now();
    expect(baseSubject(hostile).startsWith('re:')).toBe(true);
    expect(addressesOf(`${'a@b.c,'.repeat(40_000)}`)).toHaveLength(50);
    expect(companyDomainOf(`${'@'.repeat(256 * 1024)}x`)).toBe('x');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('takes no shared mail provider for a company', () => {
    expect(companyDomainOf('max@Northwind-Trading.example')).toBe('northwind-trading.example');
    expect(companyDomainOf('someone@gmail.com')).toBeNull();
    expect(companyDomainOf('broken@')).toBeNull();
  });
});
