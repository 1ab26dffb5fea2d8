/*
 * One money format for every screen (pipeline, leads, settings): the organisation's currency,
 * digit groups, and cents only when there are cents ("$4,100", "$4,100.50").
 */

const formats = new Map<string, Intl.NumberFormat>();

const formatOf = (currency: string, locale: string | undefined, cents: boolean) => {
  const key = `${locale ?? ''}\u0000${currency}\u0000${cents}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    formats.set(key, found);
  }
  return found;
};

/** The digits after the decimal mark the currency uses (2 for USD, 0 for JPY). */
const fractionDigits = (currency: string, locale?: string): number =>
  formatOf(currency, locale, true).resolvedOptions().maximumFractionDigits ?? 2;

/**
 * An amount in `currency`: "$4,100", "$4,100.50", "-$12", "¥4,100"; cents only when the amount,
 * rounded to the currency's digits, has them. A code Intl does not know: "4,100.5 XYZ".
 */
export const formatMoney = (value: number, currency: string, locale?: string): string => {
  try {
    const digits = fractionDigits(currency, locale);
    const scale = 10 ** digits;
    const whole = Math.round(value * scale) % scale === 0;
    return formatOf(currency, locale, !whole).format(value);
  } catch {
    const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
    return `${plain} ${currency}`;
  }
};
