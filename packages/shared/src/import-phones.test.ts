import { describe, expect, it } from 'vitest';
import { importPhone, toE164 } from './import-phones.ts';

describe('import phones', () => {
  it('writes a number in E.164 when its country is known and it fits', () => {
    const cases: [string, string | undefined, string][] = [
      ['+49 (30) 555-0101', undefined, '+49305550101'],
      ['0049 30 5550101', undefined, '+49305550101'],
      ['030 555 0101', 'Germany', '+49305550101'],
      ['030 555 0101', 'Deutschland', '+49305550101'],
      ['(212) 555-0101', 'United States', '+12125550101'],
      ['1-212-555-0101', 'USA', '+12125550101'],
      ['+44 (0)20 7946 0000', undefined, '+442079460000'],
      ['020 7946 0000', 'UK', '+442079460000'],
      ['06 12 34 56 78', 'France', '+33612345678'],
      ['06 1234 5678', 'Italy', '+390612345678'],
      ['612 345 678', 'Spain', '+34612345678'],
    ];
    for (const [raw, country, expected] of cases)
      expect(toE164(raw, country), `${raw} in ${country}`).toBe(expected);
  });

  it('keeps a number as written when it cannot be placed, and refuses one without digits', () => {
    expect(importPhone('0301 277', '')).toBe('0301 277');
    expect(importPhone('555 0101', 'Narnia')).toBe('555 0101');
    // Too short for the United States: as written, not a wrong E.164.
    expect(importPhone('555-0101', 'United States')).toBe('555-0101');
    expect(importPhone('+999 1234 5678')).toBe('+999 1234 5678');
    expect(importPhone('call me', 'Germany')).toBeUndefined();
    expect(importPhone('', 'Germany')).toBeUndefined();
  });
});
