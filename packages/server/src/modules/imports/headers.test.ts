import { describe, expect, it } from 'vitest';
import { LEAD_FIELDS } from '@leadline/shared/leads';
import { headerKey, matchHeaders } from './headers.ts';

describe('spreadsheet header matching', () => {
  it('reduces headers to letters and digits', () => {
    expect(headerKey(' Person First-Name ')).toBe('personfirstname');
    expect(headerKey(undefined)).toBe('');
  });

  it('matches the header words of other CRMs and spreadsheets (issue 25)', () => {
    const headers = [
      'Given name',
      'Family name',
      'Role',
      'Exp. Close',
      'Deal $',
      'Comments',
      'Tel',
      'URL',
      'LinkedIn URL',
    ];
    expect([...matchHeaders('leads', headers).values()]).toEqual([
      'personFirstName',
      'personLastName',
      'personDesignation',
      'expectedCloseDate',
      'dealValue',
      'subject',
      'phone',
      'companySite',
      'personLinkedin',
    ]);
    expect([
      ...matchHeaders('leads', [
        'First',
        'Surname',
        'Position',
        'Close date',
        'Amount',
        'Description',
        'Mobile',
        'Website',
      ]).values(),
    ]).toEqual([
      'personFirstName',
      'personLastName',
      'personDesignation',
      'expectedCloseDate',
      'dealValue',
      'subject',
      'phone',
      'companySite',
    ]);
  });

  it('accepts field names, spelled-out names, labels and synonyms, ignoring case and punctuation', () => {
    const columns = matchHeaders('leads', [
      'personFirstName',
      'PERSON LAST NAME',
      'E-mail',
      'Company',
      'Job Title',
      'Lead Source',
      'Notes',
      'Whatever',
    ]);
    expect([...columns.entries()]).toEqual([
      [0, 'personFirstName'],
      [1, 'personLastName'],
      [2, 'personEmail'],
      [3, 'companyName'],
      [4, 'personDesignation'],
      [5, 'source'],
      [6, 'subject'],
    ]);
  });

  it('accepts every label the export writes', () => {
    const columns = matchHeaders('leads', Object.values(LEAD_FIELDS));
    expect([...columns.values()]).toEqual(Object.keys(LEAD_FIELDS));
  });

  it('lets the first column naming a field win', () => {
    expect([...matchHeaders('leads', ['Email', 'Contact Email']).entries()]).toEqual([
      [0, 'personEmail'],
    ]);
  });

  it('matches client headers', () => {
    const columns = matchHeaders('clients', [
      'Company Name',
      'Parent Company',
      'Website',
      'Email',
      'Contact Person',
      'Category',
      'Address',
    ]);
    expect([...columns.values()]).toEqual([
      'companyName',
      'parentCompany',
      'website',
      'email',
      'contact',
      'companyCategory',
      'fullAddress',
    ]);
  });
});
