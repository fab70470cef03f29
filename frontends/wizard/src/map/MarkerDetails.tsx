import { formatCurrency, streetPart } from '@hsa/ui-kit';
import type { ShownComparableSale } from '@hsa/contracts';
import { priceWords } from '../domain/comparables';
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

/** The info popup text of a comparable: "Sold for $X on <date>", or "Listed at $X on <date>" for a listing. */
export function ComparableDetails({ number, comparable }: { number: number; comparable: ShownComparableSale }) {
  const facts = formatFacts(comparable);
  const words = priceWords[comparable.priceKind];
  const atPrice = words.atPrice.charAt(0).toUpperCase() + words.atPrice.slice(1);
  return (
    <>
      <p className="wz-popup__eyebrow">
        {words.noun} {number}
      </p>
      <p className="wz-popup__title">{streetPart(comparable.address)}</p>
      <p className="wz-popup__line">
        {atPrice} <strong>{formatMoney(comparable.saleAmount)}</strong>
        {comparable.saleDate ? ` on ${formatSaleDate(comparable.saleDate)}` : ''}
      </p>
      {facts ? <p className="wz-popup__line">{facts}</p> : null}
      <p className="wz-popup__line">{formatDistance(comparable.distanceMiles)} from your property</p>
    </>
  );
}

/** The accessible name of a comparable's marker. */
export function comparableMarkerLabel(number: number, comparable: ShownComparableSale): string {
  const words = priceWords[comparable.priceKind];
  const price = `, ${words.atPrice} ${formatCurrency(comparable.saleAmount)}`;
  return `${words.noun} ${number}: ${comparable.address}${price}`;
}
