import { formatNumber, streetPart } from '@hsa/ui-kit';
import { priceKindOf, priceWords, type Comparable } from '../domain/comparables';
import { formatDistance, formatFacts, formatMoney, formatSaleDate, formatVariance } from '../domain/format';
import { EstimateAmongComparables } from './EstimateAmongComparables';
import '../wizard.css';
import './estimateStrip.css';

/** The adjustments behind a comparable's adjusted value, as one line (e.g. "Size -$4,200; Time +$61,000"). */
function adjustmentSummary(comparable: Comparable): string {
  return comparable.adjustments
    .map((a) => `${a.feature} ${a.amount >= 0 ? '+' : '-'}${formatMoney(Math.abs(a.amount))}${a.note ? ` (${a.note})` : ''}`)
    .join('; ');
}

/** A price in a list that mixes sales and listings says which it is. */
function kindNote(comparable: Comparable, kind: ReturnType<typeof priceKindOf>): string {
  return kind === 'mixed' ? ` (${comparable.priceKind === 'listing' ? 'list price' : 'sale price'})` : '';
}

/**
 * Comparable sales as a table (step 2): number (as on the map), address, the sale as recorded and what it says this
 * home is worth today (brought to today's price level and adjusted for differences), size and price per square foot;
 * above it, where the estimate sits among those adjusted values. Listings (a listing-based provider's comparables)
 * show their list price and listing date, named so.
 */
export function ComparablesTable({ comparables, estimate = null }: { comparables: Comparable[]; estimate?: number | null }) {
  const kind = priceKindOf(comparables);
  const words = priceWords[kind];
  return (
    <>
      <EstimateAmongComparables estimate={estimate} adjustedValues={comparables.map((c) => c.adjustedValue)} />
      {/* Focusable: on narrow screens the table scrolls sideways, and keyboard users must be able to scroll it. */}
      <div className="wz-table-wrap" tabIndex={0} role="region" aria-label={`Comparable ${words.plural} table`}>
        <table className="wz-table">
          <caption className="visually-hidden">{`Comparable ${words.plural}, numbered as on the map`}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Address</th>
              <th scope="col">{words.price}</th>
              <th scope="col">{words.date}</th>
              <th scope="col">Adjusted value</th>
              <th scope="col">Beds / baths</th>
              <th scope="col">Sq ft</th>
              <th scope="col">$ / sq ft</th>
              <th scope="col">vs. market</th>
              <th scope="col">Distance</th>
            </tr>
          </thead>
          <tbody>
            {comparables.map((comparable, index) => (
              <tr key={comparable.id}>
                <td>
                  <span className="wz-badge">{index + 1}</span>
                </td>
                <th scope="row" className="wz-table__address">
                  {streetPart(comparable.address)}
                </th>
                <td className="wz-table__num">
                  {formatMoney(comparable.salePrice)}
                  {kind === 'mixed' ? <span className="wz-muted">{kindNote(comparable, kind)}</span> : null}
                </td>
                <td>{formatSaleDate(comparable.saleDate) || '—'}</td>
                <td className="wz-table__num" title={adjustmentSummary(comparable) || undefined}>
                  {formatMoney(comparable.adjustedValue)}
                  {comparable.adjustments.length > 0 && <span className="visually-hidden">. {adjustmentSummary(comparable)}</span>}
                </td>
                <td>
                  {comparable.bedrooms ?? '—'} / {comparable.bathrooms ?? '—'}
                </td>
                <td className="wz-table__num">{comparable.squareFootage !== null ? formatNumber(comparable.squareFootage) : '—'}</td>
                <td className="wz-table__num">{formatMoney(comparable.pricePerSqft)}</td>
                <td className="wz-table__num">{formatVariance(comparable.marketVariance)}</td>
                <td className="wz-table__num">{formatDistance(comparable.distanceMiles)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The first comparable sales as a short list (step 1 shows 3): price and "Sold <date>", or "Listed <date>" for a listing. */
export function ComparablesShortList({ comparables }: { comparables: Comparable[] }) {
  return (
    <ol className="wz-comp-list">
      {comparables.map((comparable, index) => (
        <li key={comparable.id} className="wz-comp-list__item">
          <span className="wz-badge" aria-hidden="true">
            {index + 1}
          </span>
          <div className="wz-comp-list__text">
            <p className="wz-comp-list__address">{streetPart(comparable.address)}</p>
            <p className="wz-muted">{[formatFacts(comparable), formatDistance(comparable.distanceMiles)].filter(Boolean).join(' · ')}</p>
          </div>
          <div className="wz-comp-list__sale">
            <p className="wz-comp-list__price">
              <span className="visually-hidden">{`${priceWords[comparable.priceKind].price} `}</span>
              {formatMoney(comparable.salePrice)}
            </p>
            <p className="wz-muted">{[priceWords[comparable.priceKind].event, formatSaleDate(comparable.saleDate)].filter(Boolean).join(' ')}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
