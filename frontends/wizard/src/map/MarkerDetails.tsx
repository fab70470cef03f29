import { formatCurrency, streetPart } from '@hsa/ui-kit';
import type { Comparable } from '../domain/comparables';
import { formatDistance, formatFacts, formatMoney, formatSaleDate } from '../domain/format';

/** The info popup text of the home. */
export function HomeDetails({ address, estimatedValue }: { address: string; estimatedValue?: number | null | undefined }) {
  return (
    <>
      <p className="wz-popup__eyebrow">Your property</p>
      <p className="wz-popup__title">{streetPart(address)}</p>
      <p className="wz-popup__line">{address.slice(streetPart(address).length).replace(/^,\s*/, '')}</p>
      {typeof estimatedValue === 'number' ? <p className="wz-popup__line">Estimated value {formatCurrency(estimatedValue)}</p> : null}
    </>
  );
}

/** The info popup text of a comparable sale. */
export function ComparableDetails({ number, comparable }: { number: number; comparable: Comparable }) {
  const facts = formatFacts(comparable);
  return (
    <>
      <p className="wz-popup__eyebrow">Comparable sale {number}</p>
      <p className="wz-popup__title">{streetPart(comparable.address)}</p>
      <p className="wz-popup__line">
        Sold for <strong>{formatMoney(comparable.salePrice)}</strong>
        {comparable.saleDate ? ` on ${formatSaleDate(comparable.saleDate)}` : ''}
      </p>
      {facts ? <p className="wz-popup__line">{facts}</p> : null}
      {comparable.distanceMiles !== null ? <p className="wz-popup__line">{formatDistance(comparable.distanceMiles)} from your property</p> : null}
    </>
  );
}

/** The accessible name of a comparable's marker. */
export function comparableMarkerLabel(number: number, comparable: Comparable): string {
  const price = comparable.salePrice !== null ? `, sold for ${formatCurrency(comparable.salePrice)}` : '';
  return `Comparable sale ${number}: ${comparable.address}${price}`;
}
