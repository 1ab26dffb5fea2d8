import { describe, expect, it } from 'vitest';
import { clientSchema, clientUpdateSchema } from './clients.ts';
import { percentChange } from './dashboard.ts';
import {
  isCalendarDate,
  leadListQuerySchema,
  leadSchema,
  leadUpdateSchema,
  requiresProfileLink,
} from './leads.ts';

const lead = {
  companyName: 'Acme',
  personFirstName: 'Ada',
  personLastName: 'Lovelace',
  personEmail: 'Ada@Acme.Test',
  source: 'Referral',
};

describe('lead rules', () => {
  it('fills defaults on create, never on edit', () => {
    expect(leadSchema.parse(lead)).toMatchObject({
      status: 'Cold Lead',
      industry: '',
      personEmail: 'ada@acme.test',
    });
    expect(leadUpdateSchema.parse({ companyName: 'Globex' })).toEqual({ companyName: 'Globex' });
    expect(leadUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('asks for a profile link for social sources', () => {
    expect(requiresProfileLink('LinkedIn')).toBe(true);
    expect(requiresProfileLink('Referral')).toBe(false);
    expect(leadSchema.safeParse({ ...lead, source: 'Behance' }).success).toBe(false);
    // On edit the server checks the link against the stored lead.
    expect(leadUpdateSchema.safeParse({ source: 'Behance' }).success).toBe(true);
    expect(leadUpdateSchema.safeParse({ source: 'Behance', contactProfileLink: '' }).success).toBe(
      false,
    );
  });

  it('takes only real calendar dates in the list query', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(leadListQuerySchema.safeParse({ from: '2024-02-30' }).success).toBe(false);
    expect(leadListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 10, sort: '-createdAt' });
  });
});

describe('client rules', () => {
  it('derives the PIC and fills no defaults on edit', () => {
    expect(
      clientSchema.parse({
        companyName: 'Globex',
        email: 'hank@globex.test',
        contact: 'hank scorpio',
        companyCategory: 'Technology',
      }).pic,
    ).toBe('HS');
    expect(clientUpdateSchema.parse({ fullAddress: 'Cypress Creek' })).toEqual({
      fullAddress: 'Cypress Creek',
    });
    expect(clientUpdateSchema.parse({ contact: 'Homer Jay Simpson' })).toEqual({
      contact: 'Homer Jay Simpson',
      pic: 'HJS',
    });
  });
});

describe('dashboard trends', () => {
  it('is the percentage change, or null without a previous period', () => {
    expect(percentChange(3, 2)).toBe(50);
    expect(percentChange(1, 4)).toBe(-75);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(5, 0)).toBeNull();
  });
});
