import { priceWords, type PriceKind } from '../domain/comparables';

/** The legend under every map: red marker for the home, blue numbered markers for comparable sales (or listings). */
export function MapLegend({ comparableCount, kind = 'sale' }: { comparableCount: number; kind?: PriceKind | 'mixed' }) {
  return (
    <ul className="wz-legend" aria-label="Map legend">
      <li>
        <span className="wz-legend__swatch wz-legend__swatch--home" aria-hidden="true" />
        Your property
      </li>
      <li>
        <span className="wz-legend__swatch wz-legend__swatch--comp" aria-hidden="true">
          1
        </span>
        {`Comparable ${priceWords[kind].plural}`}
        {comparableCount ? ` (${comparableCount})` : ''}
      </li>
    </ul>
  );
}
