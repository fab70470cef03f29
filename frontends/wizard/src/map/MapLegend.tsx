/** The legend under every map: red marker for the home, blue numbered markers for comparable sales. */
export function MapLegend({ comparableCount }: { comparableCount: number }) {
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
        Comparable sales{comparableCount ? ` (${comparableCount})` : ''}
      </li>
    </ul>
  );
}
