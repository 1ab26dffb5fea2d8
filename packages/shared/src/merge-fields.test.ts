import { describe, expect, it } from 'vitest';
import { fillMergeFields, mergeValuesOf, unknownMergeFields } from './merge-fields.ts';

const lead = mergeValuesOf(
  {
    personFirstName: 'Ada',
    personLastName: '',
    companyName: 'A & B',
    personDesignation: null,
    personCity: ' Paris ',
    personCountry: 'France',
  },
  'Sam Seller',
);

describe('merge fields', () => {
  it('fills every field in any case, with fallbacks for blank values', () => {
    expect(
      fillMergeFields(
        '{{FirstName}} {{lastName}}|{{lastName|-}} {{companyName}} {{jobTitle|boss}} {{city}} {{ country }} {{senderName}}',
        lead,
      ),
    ).toBe('Ada |- A & B boss Paris France Sam Seller');
  });

  it("keeps 'there' for a blank first name without fallback; an empty fallback is empty", () => {
    expect(fillMergeFields('Hi {{firstName}}!', {})).toBe('Hi there!');
    expect(fillMergeFields('Hi {{firstName|}}!', {})).toBe('Hi !');
    expect(fillMergeFields('Hi {{firstName| you }}!', {})).toBe('Hi you!');
  });

  it('escapes values, not fallbacks, and leaves unknown placeholders alone', () => {
    const escape = (value: string) => value.replace(/&/g, '&amp;');
    expect(fillMergeFields('{{companyName}} {{unsubscribeUrl}}', lead, escape)).toBe(
      'A &amp; B {{unsubscribeUrl}}',
    );
    expect(fillMergeFields('{{jobTitle|R&amp;D}}', lead, escape)).toBe('R&amp;D');
  });

  it('names the unknown fields once each', () => {
    expect(unknownMergeFields('{{fristName}} {{firstName}} {{fristName|x}} {{ title }}')).toEqual([
      '{{fristName}}',
      '{{title}}',
    ]);
    expect(unknownMergeFields('{{ firstname | there }} {single}')).toEqual([]);
  });
});

describe('custom field merge fields', () => {
  it('fills {{custom.<key>}} from the lead, with its fallback when empty', () => {
    const values = mergeValuesOf({
      personFirstName: 'Ada',
      custom: { contract_end: '2027-01-31', seats: 12, plan: ['Pro', 'Team'], trial: true },
    });
    expect(
      fillMergeFields(
        'Hi {{firstName}}, {{custom.seats}} seats ({{custom.plan}}, trial {{custom.trial}}) until {{custom.contract_end|soon}}; {{custom.missing|n/a}}{{custom.none}}.',
        values,
      ),
    ).toBe('Hi Ada, 12 seats (Pro, Team, trial yes) until 2027-01-31; n/a.');
    expect(
      fillMergeFields('{{custom.x}}', { custom: { x: '<b>' } }, (v) => v.replace('<', '&lt;')),
    ).toBe('&lt;b>');
    expect(unknownMergeFields('{{custom.contract_end}} {{custom.}} {{Custom.x}}')).toEqual([
      '{{Custom.x}}',
    ]);
  });
});
