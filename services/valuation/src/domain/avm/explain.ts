import type { HedonicFeature } from './hedonic';
import { adjustmentLabels, type AdjustedFeature, type Adjustment, type Sale, type Subject } from './types';

const fmtInt = (v: number) => Math.round(v).toLocaleString('en-US');

/**
 * Dollar adjustments for one comparable: each learned log rate applied to the subject-minus-comparable
 * difference, as a share of the time-adjusted price. A larger comparable gets a negative size adjustment.
 */
export function describeAdjustments(deltas: Record<HedonicFeature, number>, timeAdjustedPrice: number, subject: Subject, sale: Sale): Adjustment[] {
  const out: Adjustment[] = [];
  const add = (feature: AdjustedFeature, delta: number, note: string) => {
    const amount = Math.round(timeAdjustedPrice * (Math.exp(delta) - 1));
    if (amount !== 0) out.push({ feature, label: adjustmentLabels[feature], amount, note });
  };
  const compare = (s: number, c: number, unit: string, more: string, less: string) =>
    c > s ? `comparable has ${fmtInt(c - s)}${unit} ${more} (${fmtInt(c)} vs ${fmtInt(s)})` : `comparable has ${fmtInt(s - c)}${unit} ${less} (${fmtInt(c)} vs ${fmtInt(s)})`;
  add('living_area', deltas.logSqft, compare(subject.livingSqft, sale.livingSqft, ' sq ft', 'more living area', 'less living area'));
  if (subject.bedrooms !== null && sale.bedrooms !== null)
    add('bedrooms', deltas.bedrooms, compare(subject.bedrooms, sale.bedrooms, '', 'more bedroom(s)', 'fewer bedroom(s)'));
  if (subject.bathrooms !== null && sale.bathrooms !== null) {
    const diff = Math.abs(sale.bathrooms - subject.bathrooms);
    add('bathrooms', deltas.bathrooms, `comparable has ${diff} ${sale.bathrooms > subject.bathrooms ? 'more' : 'fewer'} bathroom(s) (${sale.bathrooms} vs ${subject.bathrooms})`);
  }
  if (subject.yearBuilt !== null && sale.yearBuilt !== null)
    add('year_built', deltas.yearBuilt, `comparable built in ${sale.yearBuilt}, subject in ${subject.yearBuilt}`);
  if (subject.lotSqft !== null && sale.lotSqft !== null)
    add('lot_size', deltas.logLot, compare(subject.lotSqft, sale.lotSqft, ' sq ft', 'more lot', 'less lot'));
  return out;
}
