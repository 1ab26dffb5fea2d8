const formats = new Map<string, { card: Intl.NumberFormat; total: Intl.NumberFormat }>();

const formatsOf = (currency: string) => {
  let found = formats.get(currency);
  if (!found) {
    found = {
      card: new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
      total: new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency,
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
    };
    formats.set(currency, found);
  }
  return found;
};

/** A card's deal value: "$12,500", "$99.95". */
export const formatDealValue = (value: number, currency: string): string =>
  formatsOf(currency).card.format(value);

/** A column's summed value, short: "$1.2M" (the exact sum is `formatDealValue`'s). */
export const formatColumnValue = (value: number, currency: string): string =>
  formatsOf(currency).total.format(value);
