import { describe, expect, it } from 'vitest';
import { highlightParts, searchQuerySchema, searchResultPath, searchWords } from './search.ts';

describe('search words and highlights', () => {
  it('splits, lower-cases and de-duplicates the words, at most eight', () => {
    expect(searchWords('  Berlin  call BERLIN ')).toEqual(['berlin', 'call']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('marks every word where it occurs, the longest first at one place', () => {
    expect(highlightParts('The Berlin call with Bernd', ['ber', 'berlin'])).toEqual([
      { text: 'The ', match: false },
      { text: 'Berlin', match: true },
      { text: ' call with ', match: false },
      { text: 'Ber', match: true },
      { text: 'nd', match: false },
    ]);
    expect(highlightParts('Zoë Ångström', ['ångström'])).toEqual([
      { text: 'Zoë ', match: false },
      { text: 'Ångström', match: true },
    ]);
  });

  it('marks nothing when lower-casing changes the length', () => {
    expect(highlightParts('İstanbul', ['istanbul'])).toEqual([{ text: 'İstanbul', match: false }]);
  });

  it('takes 256 KB of hostile text in linear time', () => {
    const text = 'a'.repeat(262_144);
    const started = performance.now();
    const parts = highlightParts(text, ['aaab', 'b']);
    expect(parts).toEqual([{ text, match: false }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('cuts a long query instead of refusing it, and refuses an empty one', () => {
    expect(searchQuerySchema.parse({ q: 'x'.repeat(5000) }).q).toHaveLength(200);
    expect(searchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
  });

  it('opens each kind of result on its page', () => {
    const base = { id: 'i1', title: 'T', snippet: '', leadId: 'l1', key: null, at: null };
    expect(searchResultPath({ ...base, type: 'reply' })).toBe('/conversations?lead=l1');
    expect(searchResultPath({ ...base, type: 'lead' })).toBe('/leads-table?owner=&lead=i1');
    expect(searchResultPath({ ...base, type: 'company', key: 'acme.de' })).toBe(
      '/companies/acme.de',
    );
  });
});
