import { formatNumber, streetPart } from '@hsa/ui-kit';
import { isValuedComparable, type ShownComparableSale } from '@hsa/contracts';
import { adjustmentSummary, priceKindOf, priceWords } from '../domain/comparables';
import { formatDistance, formatFacts, formatMoney, formatSaleDate, formatVariance } from '../domain/format';
import { EstimateAmongComparables } from './EstimateAmongComparables';
import '../wizard.css';
import './estimateStrip.css';

/** A price in a list that mixes sales and listings says which it is. */
function kindNote(comparable: ShownComparableSale, kind: ReturnType<typeof priceKindOf>): string {
  return kind === 'mixed' ? ` (${comparable.priceKind === 'listing' ? 'list price' : 'sale price'})` : '';
}

/**
 * What a comparable says the home is worth, with its adjustments in words. The demo's comparables come without it
 * (the estimate is for signed-in users): a dash, never a made-up figure.
 */
function AdjustedValueCell({ comparable }: { comparable: ShownComparableSale }) {
  if (!isValuedComparable(comparable)) return <td className="wz-table__num">—</td>;
  const summary = adjustmentSummary(comparable, formatMoney);
  return (
    <td className="wz-table__num" title={summary || undefined}>
      {formatMoney(comparable.adjustedValue)}
      {summary ? <span className="visually-hidden">. {summary}</span> : null}
    </td>
  );
}

/**
 * Comparable sales as a table (step 2): number (as on the map), address, the sale as recorded and what it says this
 * home is worth today (brought to today's price level and adjusted for differences), size and price per square foot;
 * above it, where the estimate sits among those adjusted values. Listings (a listing-based provider's comparables)
 * show their list price and listing date, named so.
 */
export function ComparablesTable({ comparables, estimate = null }: { comparables: ShownComparableSale[]; estimate?: number | null }) {
  const kind = priceKindOf(comparables);
  const words = priceWords[kind];
  return (
    <>
      <EstimateAmongComparables estimate={estimate} adjustedValues={comparables.map((c) => (isValuedComparable(c) ? c.adjustedValue : null))} />
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
                  {formatMoney(comparable.saleAmount)}
                  {kind === 'mixed' ? <span className="wz-muted">{kindNote(comparable, kind)}</span> : null}
                </td>
                <td>{formatSaleDate(comparable.saleDate) || '—'}</td>
                <AdjustedValueCell comparable={comparable} />
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
export function ComparablesShortList({ comparables }: { comparables: ShownComparableSale[] }) {
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
              {formatMoney(comparable.saleAmount)}
            </p>
            <p className="wz-muted">{[priceWords[comparable.priceKind].event, formatSaleDate(comparable.saleDate)].filter(Boolean).join(' ')}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
