import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows whole amounts without cents and amounts with cents with them', () => {
    expect(formatMoney(4100, 'USD', 'en-US')).toBe('$4,100');
    expect(formatMoney(4100.5, 'USD', 'en-US')).toBe('$4,100.50');
    expect(formatMoney(1_234_100, 'USD', 'en-US')).toBe('$1,234,100');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0');
    expect(formatMoney(-12, 'USD', 'en-US')).toBe('-$12');
    expect(formatMoney(99.95, 'USD', 'en-US')).toBe('$99.95');
  });

  it('rounds to the currency: a sum a hair off a whole amount is whole', () => {
    expect(formatMoney(4100.001, 'USD', 'en-US')).toBe('$4,100');
    expect(formatMoney(0.1 + 0.2, 'USD', 'en-US')).toBe('$0.30');
    expect(formatMoney(4100.5, 'JPY', 'en-US')).toBe('¥4,101');
  });

  it("uses the organisation's currency and the reader's locale", () => {
    expect(formatMoney(12500, 'EUR', 'de-DE')).toBe('12.500\u00a0€');
    expect(formatMoney(12500.25, 'EUR', 'de-DE')).toBe('12.500,25\u00a0€');
    expect(formatMoney(12500, 'GBP', 'en-GB')).toBe('£12,500');
  });

  it('names a currency Intl does not know by its code', () => {
    expect(formatMoney(4100.5, 'XY', 'en-US')).toBe('4,100.5 XY');
  });
});
