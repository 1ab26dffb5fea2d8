import { describe, expect, it } from 'vitest';
import { detectDateOrder, readAmount, readDate, serialDate } from './import-readers.ts';

describe('readDate', () => {
  it('reads every common form of 15 January 2027', () => {
    for (const text of [
      '2027-01-15',
      '2027-01-15T10:30:00Z',
      '15/01/2027',
      '01/15/2027',
      '15.01.2027',
      '15.1.2027',
      '2027/1/15',
      'Jan 15, 2027',
      'January 15 2027',
      '15 January 2027',
      '15-Jan-2027',
      'Fri, 15 Jan 2027',
      '46402',
      '20270115',
    ])
      expect(readDate(text), text).toBe('2027-01-15');
  });

  it('reads an ambiguous numeric date by the column order, day first by default', () => {
    expect(readDate('02/03/2027')).toBe('2027-03-02');
    expect(readDate('02/03/2027', 'dmy')).toBe('2027-03-02');
    expect(readDate('02/03/2027', 'mdy')).toBe('2027-02-03');
    // The numbers decide when only one order fits, whatever the column's order.
    expect(readDate('13/03/2027', 'mdy')).toBe('2027-03-13');
    expect(readDate('03/13/2027', 'dmy')).toBe('2027-03-13');
  });

  it('refuses what is not a day', () => {
    for (const text of [
      '',
      'soon',
      'Q3',
      '31/02/2027',
      '2027-13-01',
      '15 Foo 2027',
      '12',
      '1/2',
      'x'.repeat(100),
    ])
      expect(readDate(text), text).toBeUndefined();
  });

  it('reads spreadsheet serial days', () => {
    expect(serialDate(46402)).toBe('2027-01-15');
    expect(serialDate(46402.75)).toBe('2027-01-15');
    expect(serialDate(45)).toBeUndefined();
  });

  it('is linear on long hostile text', () => {
    expect(readDate(`${'1/'.repeat(50_000)}2027`)).toBeUndefined();
    expect(readAmount(`${'1,'.repeat(50_000)}5`)).toBeUndefined();
  });
});

describe('detectDateOrder', () => {
  it('tells the order from a part over 12, else nothing', () => {
    expect(detectDateOrder(['01/02/2027', '15/01/2027'])).toBe('dmy');
    expect(detectDateOrder(['01/02/2027', '01/15/2027', 'Jan 3, 2027'])).toBe('mdy');
    expect(detectDateOrder(['01/02/2027', '2027-01-15'])).toBeUndefined();
    expect(detectDateOrder(['13/01/2027', '01/13/2027'])).toBeUndefined();
  });
});

describe('readAmount', () => {
  it('reads either decimal mark, groups and currency signs', () => {
    const cases: [string, number][] = [
      ['€12.500,00', 12500],
      ['$4,100', 4100],
      ['4 100,50 €', 4100.5],
      ['12.5k', 12500],
      ['1.2M', 1200000],
      ['EUR 1.000', 1000],
      ['1,234.56', 1234.56],
      ['1.234.567', 1234567],
      ['12,5', 12.5],
      ['£99.99', 99.99],
      ["1'000", 1000],
      ['4100', 4100],
    ];
    for (const [text, amount] of cases) expect(readAmount(text), text).toBe(amount);
  });

  it('refuses what is not one amount', () => {
    for (const text of ['', 'TBD', 'about 5', '-5', '1,00,0', '1.000.000,00,0', '5 apples'])
      expect(readAmount(text), text).toBeUndefined();
  });
});
