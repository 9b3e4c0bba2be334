import { i18n } from './i18n';

// An amount as the language on screen writes it, with the workspace's currency: the list, the
// board, the widgets and the plans page write money the same way (issue 26, item 11; the
// browser's own locale is never used).
export const formatMoney = (value: number, currency: string, locale: string = i18n.language): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);

// A number as the language on screen writes it (1.250,5 in German), up to the six decimals a
// decimal field keeps.
export const formatNumber = (value: number, locale: string = i18n.language): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
