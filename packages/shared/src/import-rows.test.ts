import { describe, expect, it } from 'vitest';
import { checkImportRow, mappingProblems, recordOf, sourceOf } from './import-rows.ts';

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
});
