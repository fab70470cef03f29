import { formatMoney } from '../domain/format';
import { estimateStrip } from '../domain/estimateAmongComparables';

/**
 * A strip above the comparables table: each comparable's adjusted value as a numbered dot, the estimate as a
 * marker, on one scale from the lowest to the highest figure.
 */
export function EstimateAmongComparables({ estimate, adjustedValues }: { estimate: number | null; adjustedValues: (number | null)[] }) {
  const strip = estimateStrip(estimate, adjustedValues);
  if (!strip) return null;
  return (
    <figure className="wz-strip" data-testid="estimate-among-comparables">
      <div className="wz-strip__track" role="img" aria-label={strip.description}>
        <span className="wz-strip__line" />
        {strip.comparables.map((c) => (
          <span key={c.number} className="wz-strip__dot" style={{ left: `${c.position}%` }} title={`Comparable ${c.number}: ${formatMoney(c.value)}`}>
            {c.number}
          </span>
        ))}
        <span className="wz-strip__estimate" style={{ left: `${strip.estimatePosition}%` }} title={`Estimate: ${formatMoney(estimate)}`} />
      </div>
      <figcaption className="wz-strip__caption" aria-hidden="true">
        <span>{formatMoney(strip.min)}</span>
        <span className="wz-strip__key">
          <span className="wz-strip__estimate-key" /> Estimate {formatMoney(estimate)} · numbered dots: comparables' adjusted values
        </span>
        <span>{formatMoney(strip.max)}</span>
      </figcaption>
    </figure>
  );
}
