import { describe, expect, it } from 'vitest';
import { richText } from './xml.ts';

describe('richText', () => {
  it('leaves out the phonetic readings, with or without a namespace prefix', () => {
    expect(richText('<si><t>Ka</t><rPh sb="0"><t>カ</t></rPh><r><t>te</t></r></si>', '')).toBe(
      'Kate',
    );
    expect(richText('<x:si><x:t>Ka</x:t><x:rPh><x:t>カ</x:t></x:rPh></x:si>', 'x:')).toBe('Ka');
    // <rPhx> is another element; an unclosed reading is kept as it is.
    expect(richText('<si><rPhx/><t>A</t><rPh><t>B</t></si>', '')).toBe('AB');
  });

  it('reads 256 KB of unclosed readings to the end', () => {
    const hostile = `<si><t>Name</t>${'<rPh>'.repeat(52_000)}<t>, Kate</t></si>`;
    expect(richText(hostile, '')).toBe('Name, Kate');
  });
});
