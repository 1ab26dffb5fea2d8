import { describe, expect, it } from 'vitest';
import {
  NOTES_OVERFLOW_WARNING,
  checkImportRow,
  mappingProblems,
  recordOf,
  sourceOf,
} from './import-rows.ts';

const lead = {
  companyName: 'Initech',
  personFirstName: 'Peter',
  personLastName: 'Gibbons',
  personEmail: 'peter@initech.test',
};

describe('import rows', () => {
  it('reads the usual spellings of a source', () => {
    const cases: [string, string][] = [
      ['linkedin.com', 'LinkedIn'],
      ['https://www.linkedin.com/in/someone', 'LinkedIn'],
      ['X', 'Twitter'],
      ['fb', 'Facebook'],
      ['Cold email', 'Cold Email'],
      ['cold-email', 'Cold Email'],
      ['E-mail', 'Cold Email'],
      ['Word of mouth', 'Referral'],
      ['Webinar', 'Event'],
      ['behance.net', 'Behance'],
    ];
    for (const [value, source] of cases) expect(sourceOf(value), value).toBe(source);
    expect(sourceOf('Trade fair')).toBeUndefined();
  });

  it('turns what an import can fill in into warnings, and says each error once', () => {
    expect(
      checkImportRow('leads', { ...lead, source: '', status: 'Lukewarm', size: '50-100' }),
    ).toMatchObject({
      ok: true,
      value: { source: 'Other', status: 'Cold Lead', size: '' },
      warnings: [
        'No source: saved as Other',
        'Status "Lukewarm" is not a known status: saved as Cold Lead',
        'Company size "50-100" is not a known size: left empty',
      ],
    });
    expect(checkImportRow('leads', { ...lead, source: 'Referral', status: 'hot' })).toMatchObject({
      value: { status: 'Hot Lead' },
      warnings: [],
    });
    expect(checkImportRow('leads', { ...lead, personEmail: '', source: 'Referral' })).toEqual({
      ok: false,
      errors: ['Person Email is required'],
      warnings: [],
    });
  });

  it('checks a mapping and reads a row through it', () => {
    expect(
      mappingProblems('clients', ['companyName', 'email', 'contact', 'companyCategory']),
    ).toEqual([]);
    expect(mappingProblems('clients', ['companyName', null, 'email', 'email'])).toEqual([
      'Email is chosen for more than one column',
      'Choose a column for: Contact, Company Category',
    ]);
    expect(recordOf(['a', 'b', 'c'], ['companyName', null, 'contact'])).toEqual({
      companyName: 'a',
      contact: 'c',
    });
  });

  it('writes phones in E.164 when the row names the country, else as written', () => {
    const row = (phone: string, personCountry = '') =>
      checkImportRow('leads', { ...lead, source: 'Referral', phone, personCountry });
    expect(row('030 555 0101', 'Germany')).toMatchObject({ value: { phone: '+49305550101' } });
    expect(row('+1 (212) 555-0101')).toMatchObject({ value: { phone: '+12125550101' } });
    expect(row('0301 277')).toMatchObject({ value: { phone: '0301 277' }, warnings: [] });
    expect(row('n/a', 'Germany')).toMatchObject({
      ok: true,
      value: { phone: '' },
      warnings: ['Phone "n/a" could not be read: left empty, the original kept in the notes'],
    });
  });

  it('never empties the notes when they overflow: what fits stays, the rest is answered', () => {
    const long = 'x'.repeat(4990);
    const check = checkImportRow('leads', {
      ...lead,
      source: 'Referral',
      subject: long,
      dealValue: 'about ten grand',
      expectedCloseDate: 'next quarter',
    });
    expect(check).toMatchObject({ ok: true, value: { subject: long } });
    if (!check.ok) return;
    expect(check.overflow).toBe('Expected Close Date: next quarter\nDeal Value: about ten grand');
    expect(check.warnings).toContain(NOTES_OVERFLOW_WARNING);
    // Notes alone past the length: the first 5,000 characters stay.
    const huge = checkImportRow('leads', {
      ...lead,
      source: 'Referral',
      subject: 'y'.repeat(7000),
    });
    expect(huge).toMatchObject({ ok: true, value: { subject: 'y'.repeat(5000) } });
    if (huge.ok) expect(huge.overflow).toBe('y'.repeat(2000));
  });
});
