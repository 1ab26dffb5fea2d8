import { describe, expect, it } from 'vitest';
import type { FieldRule } from './custom-fields.ts';
import { readImportedValue, readImportedValues } from './import-custom.ts';

const field = (type: FieldRule['type'], options: string[] = []): FieldRule => ({
  key: 'f',
  label: 'Field',
  type,
  options,
});

const read = (type: FieldRule['type'], cell: string, options?: string[]) =>
  readImportedValue(field(type, options), cell, 'dmy');

describe('a custom field cell read with its type', () => {
  it('reads dates, numbers, amounts and yes/no words as spreadsheets write them', () => {
    expect(read('date', '15/01/2027')).toEqual({ value: '2027-01-15' });
    expect(read('date', 'Mar 5, 2027')).toEqual({ value: '2027-03-05' });
    expect(readImportedValue(field('date'), '02/03/2027', 'mdy')).toEqual({ value: '2027-02-03' });
    expect(read('number', '1.234')).toEqual({ value: 1234 });
    expect(read('number', '3.14159')).toEqual({ value: 3.14159 });
    expect(read('number', '-3')).toEqual({ value: -3 });
    expect(read('currency', '1.234,56 €')).toEqual({ value: 1234.56 });
    expect(read('currency', '$4,100')).toEqual({ value: 4100 });
    for (const word of ['yes', 'TRUE', '1', 'ja', 'oui', 'si', 'Sí'])
      expect(read('boolean', word)).toEqual({ value: true });
    for (const word of ['no', 'false', '0', 'Nein', 'non'])
      expect(read('boolean', word)).toEqual({ value: false });
  });

  it('matches choices whatever their case and splits multiple choices on ; or ,', () => {
    expect(read('select', 'pro', ['Pro', 'Team'])).toEqual({ value: 'Pro' });
    expect(read('multiselect', 'team; PRO,team', ['Pro', 'Team'])).toEqual({
      value: ['Team', 'Pro'],
    });
  });

  it('leaves an empty cell unset and names the label and the value when it does not fit', () => {
    expect(read('number', '  ')).toEqual({ value: null });
    expect(read('number', 'many')).toEqual({ error: 'Field must be a number: "many"' });
    expect(read('date', '31/02/2027')).toEqual({ error: 'Field must be a date: "31/02/2027"' });
    expect(read('boolean', 'maybe')).toEqual({ error: 'Field must be yes or no: "maybe"' });
    expect(read('select', 'Gold', ['Pro'])).toEqual({
      error: 'Field must be one of its choices: "Gold"',
    });
    expect(read('url', 'example.com')).toEqual({
      error: 'Field must be a valid URL (http:// or https://): "example.com"',
    });
    expect(read('currency', '1.5555')).toEqual({
      error: 'Field has at most two decimals: "1.5555"',
    });
  });

  it('reads a row’s mapped cells only', () => {
    const fields = [field('number'), { ...field('text'), key: 'g', label: 'G' }];
    expect(readImportedValues(fields, { 'custom.f': '12', other: 'x' })).toEqual({
      values: { f: 12 },
      errors: [],
    });
  });
});
