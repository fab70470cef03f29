import type { ComparablePriceKind, ComparableSale } from '@hsa/contracts';

export type PriceKind = ComparablePriceKind;

/** The data-source label of a set of comparables (they share one). */
export function comparablesDataSource(comparables: readonly Pick<ComparableSale, 'dataSource'>[]): string | null {
  return comparables.find((c) => c.dataSource)?.dataSource ?? null;
}

/** How a comparable's price and date are named: a sale's are paid and sold, a listing's are asked and listed. */
export const priceWords = {
  sale: { noun: 'Comparable sale', singular: 'sale', plural: 'sales', price: 'Sale price', date: 'Sale date', event: 'Sold', atPrice: 'sold for' },
  listing: { noun: 'Comparable listing', singular: 'listing', plural: 'listings', price: 'List price', date: 'Listing date', event: 'Listed', atPrice: 'listed at' },
  mixed: { noun: 'Comparable', singular: 'sale or listing', plural: 'sales and listings', price: 'Sale or list price', date: 'Sale or listing date', event: '', atPrice: '' },
} as const;

/** The kind a set of comparables shares ("mixed" when it holds both; "sale" when empty). */
export function priceKindOf(comparables: readonly Pick<ComparableSale, 'priceKind'>[]): PriceKind | 'mixed' {
  const kinds = new Set(comparables.map((c) => c.priceKind));
  return kinds.size > 1 ? 'mixed' : kinds.has('listing') ? 'listing' : 'sale';
}

/** The adjustments behind a comparable's adjusted value, in words: "Living area -$4,200 (comparable has …); Age +$1,100". */
export function adjustmentSummary(comparable: Pick<ComparableSale, 'adjustments'>, money: (dollars: number) => string): string {
  return comparable.adjustments
    .map((a) => `${a.label} ${a.amount >= 0 ? '+' : '-'}${money(Math.abs(a.amount))}${a.note ? ` (${a.note})` : ''}`)
    .join('; ');
}
