export type Money = { amountMinor: number; currency: string };

const digitsCache = new Map<string, number>();

function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** Formats an amount in minor units for display, e.g. 123456 EUR -> "€1,234.56". */
export function formatMoney(money: Money, locale?: string): string {
  const digits = minorDigits(money.currency);
  const major = money.amountMinor / 10 ** digits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(major);
}

export function sumMoney(items: readonly Money[], currency: string): Money {
  let total = 0;
  for (const item of items) {
    if (item.currency !== currency) {
      throw new Error(`cannot add ${item.currency} to ${currency}`);
    }
    total += item.amountMinor;
  }
  return { amountMinor: total, currency };
}
