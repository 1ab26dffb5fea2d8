import { describe, expect, it } from 'vitest';
import { textQueryOf } from './service.ts';

describe('the text search query', () => {
  it('asks finished words whole and the last word as a prefix', () => {
    expect(textQueryOf(['ana', 'blackw'])).toBe('ana & blackw:*');
    expect(textQueryOf(['proposal'])).toBe('proposal:*');
    expect(textQueryOf(["o'brien", 'call'])).toBe('brien & call:*');
  });

  it('asks nothing without a three-letter word, and keeps only letters and digits', () => {
    expect(textQueryOf(['le', 'be'])).toBeNull();
    expect(textQueryOf(['& | ! :*', 'abc'])).toBe('abc:*');
  });
});
